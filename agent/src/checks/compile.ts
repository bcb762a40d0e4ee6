import type { AssignedEndpoint } from '../protocol.ts';
import { compileDnsCheck } from './dns.ts';
import { compileHttpCheck } from './http.ts';
import type { Check } from './outcome.ts';
import { compileTcpCheck } from './tcp.ts';

/** An assigned endpoint as the check its kind runs, its settings read once. */
export function compileCheck(endpoint: AssignedEndpoint, userAgent: string): Check {
  switch (endpoint.kind) {
    case 'http':
      return compileHttpCheck(endpoint, userAgent);
    case 'tcp':
      return compileTcpCheck(endpoint);
    case 'dns':
      return compileDnsCheck(endpoint);
  }
}

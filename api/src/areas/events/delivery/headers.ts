// A user's value for one of these is dropped, whatever its case (the configuration refuses them too).
import { RESERVED_HEADERS } from '../../workspaces/public.ts';

export { RESERVED_HEADERS };

// RFC 9110's token: what Node accepts as a header name.
const NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// What Node accepts in a value; CR and LF would start a header of the user's choosing.
const VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** A configured header left out of a delivery, by name only: its value may be a credential. */
export interface DroppedHeader {
  name: string;
  why: 'reserved' | 'invalid name' | 'invalid value';
}

/**
 * The user's configured headers a delivery may send, and those it drops with why; the area can
 * show the same verdict when the handler is configured.
 */
export function filterUserHeaders(headers: Readonly<Record<string, string>>): {
  kept: Record<string, string>;
  dropped: DroppedHeader[];
} {
  const kept: Record<string, string> = {};
  const dropped: DroppedHeader[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (!NAME.test(name)) dropped.push({ name, why: 'invalid name' });
    else if (RESERVED_HEADERS.has(name.toLowerCase())) dropped.push({ name, why: 'reserved' });
    else if (typeof value !== 'string' || !VALUE.test(value)) dropped.push({ name, why: 'invalid value' });
    else kept[name] = value;
  }
  return { kept, dropped };
}

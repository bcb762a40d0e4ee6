import { z } from '@hono/zod-openapi';
import { Timestamp } from '../../../core/schema.ts';

/** An endpoint's figures over a window, read from the rollups (stats.ts). */

const ENDPOINT_ID = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
const AT = '2026-11-26T10:00:00.000Z';

export const STATS_WINDOWS = ['1h', '24h', '7d', '30d'] as const;
export type StatsWindow = (typeof STATS_WINDOWS)[number];
export const StatsQuerySchema = z.object({
  window: z
    .enum(STATS_WINDOWS)
    .default('24h')
    .openapi({ description: 'The period: the last hour, day, week or 30 days.' }),
});

const Figures = {
  checks: z.number().int().openapi({ description: 'Checks made.' }),
  successes: z.number().int().openapi({ description: 'Checks that succeeded.' }),
  uptime: z.number().nullable().openapi({
    description: 'Share of check periods with at least one success from any location (null: no checks).',
  }),
  reachability: z.number().nullable().openapi({ description: 'Share of checks that succeeded.' }),
  latency_ms: z
    .object({
      mean: z.number().nullable().openapi({ description: 'The mean duration, in ms.' }),
      p50: z.number().nullable().openapi({ description: 'The median, in ms.' }),
      p95: z.number().nullable().openapi({ description: 'The 95th percentile, in ms.' }),
      p99: z.number().nullable().openapi({ description: 'The 99th percentile, in ms.' }),
    })
    .openapi({
      description: 'Check durations; percentiles from a histogram, at most 19% above the true ones.',
    }),
};

export const EndpointStatsSchema = z
  .object({
    endpoint: z.uuid().openapi({ description: 'The endpoint.' }),
    window: z.enum(STATS_WINDOWS).openapi({ description: 'The period asked.' }),
    from: Timestamp.openapi({ description: 'Its start (a five-minute boundary).' }),
    to: Timestamp.openapi({ description: 'Its end: now.' }),
    ...Figures,
    locations: z
      .array(z.object({ location: z.string().openapi({ description: 'The location.' }), ...Figures }))
      .openapi({ description: 'The same figures per location.' }),
    series: z
      .array(
        z.object({
          at: Timestamp.openapi({ description: "The point's start." }),
          checks: z.number().int().openapi({ description: 'Checks in it.' }),
          successes: z.number().int().openapi({ description: 'Successful checks in it.' }),
          p50_ms: z.number().nullable().openapi({ description: 'The median duration, in ms.' }),
          p95_ms: z.number().nullable().openapi({ description: 'The 95th percentile, in ms.' }),
        }),
      )
      .openapi({ description: 'Up to 60 points over the window, for a chart.' }),
  })
  .openapi('CheckEndpointStats', {
    description: "An endpoint's uptime, reachability and latency over a window.",
    example: {
      endpoint: ENDPOINT_ID,
      window: '24h',
      from: '2026-11-25T10:00:00.000Z',
      to: AT,
      checks: 5760,
      successes: 5748,
      uptime: 0.998958,
      reachability: 0.997917,
      latency_ms: { mean: 41.2, p50: 38.055, p95: 90.51, p99: 152.219 },
      locations: [
        {
          location: 'eu-central',
          checks: 2880,
          successes: 2876,
          uptime: 0.998611,
          reachability: 0.998611,
          latency_ms: { mean: 30.1, p50: 26.909, p95: 64, p99: 107.635 },
        },
      ],
      series: [{ at: '2026-11-25T10:00:00.000Z', checks: 96, successes: 96, p50_ms: 38.055, p95_ms: 76.109 }],
    },
  });
export type EndpointStats = z.output<typeof EndpointStatsSchema>;

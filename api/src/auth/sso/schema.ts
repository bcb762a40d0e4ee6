import { z } from '@hono/zod-openapi';
import { MemberRoleSchema, MembershipSourceSchema, Timestamp, text } from '../../core/schema.ts';

/** The shapes of single sign-on, as every edge shows them (docs/sso.md). */

const MappingSchema = z
  .object({
    superuser: z.boolean().openapi({
      description:
        'Whether the groups grant Super Admin: `<group_parent>/<prefix>-admins`, for a provider with `super_admin_from_groups`.',
    }),
    organizations: z
      .array(
        z.object({
          slug: z.string().openapi({ description: 'The organization slug a group names.' }),
          role: MemberRoleSchema,
          exists: z.boolean().openapi({
            description:
              'Whether an organization with this slug exists (groups of unknown ones are ignored).',
          }),
        }),
      )
      .openapi({ description: 'The organization roles the groups map to (the highest per organization).' }),
    ignored_groups: z.array(z.string()).openapi({
      description:
        "Groups that map to no role: other paths than directly under the provider's `group_parent`, organizations " +
        'the provider may not grant roles in, and `<prefix>-admins` without `super_admin_from_groups`.',
    }),
  })
  .openapi({ description: 'What the last groups map to.' });

export const UserSsoSchema = z
  .object({
    superuser: z.boolean().openapi({ description: 'Whether the user is a Super Admin now.' }),
    superuser_source: MembershipSourceSchema,
    identities: z
      .array(
        z.object({
          id: z.uuid().openapi({ description: "The identity's ID." }),
          provider: z.string().openapi({ description: 'The provider name in the API configuration.' }),
          issuer: z.string().openapi({ description: "The provider's issuer URL." }),
          subject: z.string().openapi({ description: "The user's subject (`sub`) at the provider." }),
          email: z
            .string()
            .nullable()
            .openapi({ description: 'The e-mail address the provider last sent, or null.' }),
          last_login_at: Timestamp.nullable().openapi({
            description: 'The last SSO sign-in with this identity.',
          }),
          last_sync_at: Timestamp.nullable().openapi({ description: 'The last group sync.' }),
          last_sync_problem: z.string().nullable().openapi({
            description: 'What the last group sync could not do (null when it applied cleanly).',
          }),
          last_groups: z.array(z.string()).nullable().openapi({
            description: 'The groups last received, as sent; null when the provider sent no groups claim.',
          }),
          last_claims: z
            .record(z.string(), z.unknown())
            .nullable()
            .openapi({ description: 'The ID token claims last received (without nonce and hashes).' }),
          group_sync: z.boolean().openapi({ description: 'Whether group sync is on for this provider.' }),
          mapping: MappingSchema,
        }),
      )
      .openapi({ description: "The user's identities at identity providers." }),
  })
  .openapi('UserSso', {
    description:
      "A user's single sign-on identities, with the claims they last brought and what those map to.",
    example: {
      superuser: false,
      superuser_source: 'manual',
      identities: [
        {
          id: '0b9d6c43-8a4e-4b41-9c55-3f4c1d2e8a10',
          provider: 'keycloak',
          issuer: 'https://sso.example.com/realms/plinth',
          subject: 'f3b1c1f0-6a7e-4f0d-a1b2-c3d4e5f60718',
          email: 'bob@example.com',
          last_login_at: '2026-11-24T09:00:00.000Z',
          last_sync_at: '2026-11-24T09:00:00.000Z',
          last_sync_problem: null,
          last_groups: ['/svc-acme-users', '/svc-acme-viewers'],
          last_claims: { sub: 'f3b1c1f0-6a7e-4f0d-a1b2-c3d4e5f60718', preferred_username: 'bob' },
          group_sync: true,
          mapping: {
            superuser: false,
            organizations: [{ slug: 'acme', role: 'user', exists: true }],
            ignored_groups: [],
          },
        },
      ],
    },
  });
export type UserSso = z.output<typeof UserSsoSchema>;

export const IdentityLinkSchema = z
  .object({
    provider: text().min(1).max(63).openapi({ description: 'The provider name in the API configuration.' }),
    subject: text().min(1).max(255).openapi({ description: "The user's subject (`sub`) at that provider." }),
  })
  .openapi('IdentityLink', {
    description: 'An identity at a configured provider to link a user to.',
    example: { provider: 'keycloak', subject: 'f3b1c1f0-6a7e-4f0d-a1b2-c3d4e5f60718' },
  });
export type IdentityLink = z.output<typeof IdentityLinkSchema>;

export const IdentitySchema = z
  .object({
    id: z.uuid().openapi({ description: "The identity's ID." }),
    provider: z.string().openapi({ description: 'The provider name.' }),
    issuer: z.string().openapi({ description: "The provider's issuer URL." }),
    subject: z.string().openapi({ description: 'The subject at the provider.' }),
    created_at: Timestamp.openapi({ description: 'When the link was made.' }),
  })
  .openapi('Identity', {
    description: "A user's identity at an identity provider.",
    example: {
      id: '0b9d6c43-8a4e-4b41-9c55-3f4c1d2e8a10',
      provider: 'keycloak',
      issuer: 'https://sso.example.com/realms/plinth',
      subject: 'f3b1c1f0-6a7e-4f0d-a1b2-c3d4e5f60718',
      created_at: '2026-11-24T09:00:00.000Z',
    },
  });

export const SsoProvidersSchema = z
  .object({
    providers: z
      .array(
        z.object({
          name: z
            .string()
            .openapi({ description: 'The provider name (in URLs and in `POST /api/login/oidc/`).' }),
          display_name: z.string().openapi({ description: 'The name shown on the sign-in page.' }),
          issuer: z
            .string()
            .openapi({ description: "The provider's issuer URL (its discovery document is below it)." }),
          login_url: z
            .string()
            .openapi({ description: 'Where a browser starts signing in (path on this API).' }),
          cli_client_id: z.string().nullable().openapi({
            description:
              "The provider's public client for the command line (device authorization grant), or null.",
          }),
        }),
      )
      .openapi({ description: 'The configured providers, in configuration order.' }),
  })
  .openapi('SsoProviders', {
    description: 'The single sign-on providers this API accepts.',
    example: {
      providers: [
        {
          name: 'keycloak',
          display_name: 'Company SSO',
          issuer: 'https://sso.example.com/realms/plinth',
          login_url: '/auth/oidc/keycloak/login/',
          cli_client_id: 'plinth-cli',
        },
      ],
    },
  });

export const SsoProvidersQuerySchema = z.object({
  name: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/)
    .optional()
    .openapi({
      param: { name: 'name', in: 'query', description: 'Only the provider of this name.' },
      example: 'keycloak',
    }),
});

export const IdTokenLoginSchema = z
  .object({
    provider: text().min(1).max(63).openapi({ description: 'The provider name.' }),
    id_token: text().min(1).max(16_384).openapi({
      description:
        'An ID token the provider issued to its `cli_client_id` (device authorization grant), at most 5 minutes old; accepted once.',
    }),
    access_token: text()
      .min(1)
      .max(16_384)
      .optional()
      .openapi({
        description:
          'The access token that came with the ID token, used only to read the groups from userinfo when the ID ' +
          'token has no groups claim. Without either, the groups are unknown and the roles stay as they are.',
      }),
  })
  .openapi('IdTokenLogin', {
    description: "A provider's ID token to exchange for a login token.",
    example: { provider: 'keycloak', id_token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJmM2IxIn0.c2ln' },
  });

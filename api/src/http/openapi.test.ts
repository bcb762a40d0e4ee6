import { describe, expect, it } from 'vitest';
import { operationIdFor } from './openapi.ts';

describe('operationIdFor (drf-spectacular rule)', () => {
  it.each([
    ['get', '/api/v1/workspaces/', true, 'api_v1_workspaces_list'],
    ['get', '/api/v1/organizations/', true, 'api_v1_organizations_list'],
    ['post', '/api/v1/s3/buckets/', false, 'api_v1_s3_buckets_create'],
    [
      'post',
      '/api/v1/s3/buckets/{id}/objects/upload-url/',
      false,
      'api_v1_s3_buckets_objects_upload_url_create',
    ],
    ['get', '/api/v1/s3/buckets/{id}/credentials/', false, 'api_v1_s3_buckets_credentials_retrieve'],
    ['post', '/api/login/', false, 'api_login_create'],
    ['get', '/api/v1/schema/', false, 'api_v1_schema_retrieve'],
    ['get', '/api/v1/workspaces/{id}/', false, 'api_v1_workspaces_retrieve'],
    ['put', '/api/v1/workspaces/{id}/', false, 'api_v1_workspaces_update'],
    ['patch', '/api/v1/workspaces/{id}/', false, 'api_v1_workspaces_partial_update'],
    ['delete', '/api/v1/workspaces/{id}/', false, 'api_v1_workspaces_destroy'],
    ['get', '/api/v1/users/me/', false, 'api_v1_users_me_retrieve'],
  ] as const)('%s %s -> %s', (method, path, list, expected) => {
    expect(operationIdFor(method, path, list)).toBe(expected);
  });
});

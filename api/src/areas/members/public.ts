/**
 * What other areas may use of this one (eslint.config.js holds every area to its neighbours'
 * `public.ts`): a user's memberships, and the members section of the organization and workspace
 * pages (the member table, its forms and their routes).
 */
export { listMembers, membershipsOfUser } from './service.ts';
export type { Member } from './schema.ts';
export {
  firstMembers,
  memberNotice,
  membershipsTable,
  membersPlace,
  membersSection,
  registerMemberRoutes,
} from './pages.ts';
export type { MembersAgain, MembersHost, MembersPlace, MembersState } from './pages.ts';

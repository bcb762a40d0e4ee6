/** What other areas may use of this one: who the signed-in user is (runs name who started them). */
export { actingUser } from './service.ts';

/** What other areas may use of this one: the signed-in user (runs name who started them). */
export { me } from './service.ts';

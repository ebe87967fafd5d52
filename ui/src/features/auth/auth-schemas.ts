/**
 * The sign-in screens' request schemas, loaded when a form is first submitted: the landing page is the first thing
 * every user downloads, and these schemas would bring the whole of zod with them.
 */
export { loginRequestSchema, passwordResetRequestSchema, passwordSchema } from '@care/events';

export {
  chooseNewPassword,
  currentUser,
  loadSignupPolicy,
  linkProvider,
  logIn,
  logInWithProvider,
  logOut,
  requestPasswordReset,
  signUp,
  verifySession,
} from './api';
export type { SessionUser } from './api';
export { AuthCard } from './components/AuthCard';
export { FormMessage } from './components/FormMessage';
export { fieldErrorMap, formText, type AuthActionResult } from './formErrors';
export { safeRedirectTarget } from './redirectTarget';

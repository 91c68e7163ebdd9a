export const auth = {
  signingIn: 'Signing you in...',
  callbackFailed: 'Sign-in could not be completed. Please try again.',
  emailNotRegistered: 'Email address not registered',
  wrongPassword: 'Wrong password',
  logout: 'Log out',
};

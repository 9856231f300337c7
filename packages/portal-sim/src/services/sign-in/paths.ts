/** Keycloak's paths in realm "AUK" (the realm and paths of eVisaFlow's captured page). */
export const REALM = '/auth/realms/AUK';
export const AUTH_PATH = `${REALM}/protocol/openid-connect/auth`;
export const AUTHENTICATE_PATH = `${REALM}/login-actions/authenticate`;
export const SIGN_IN_CLIENT_ID = 'right-to-work';

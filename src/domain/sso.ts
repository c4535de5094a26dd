/**
 * The start of the server's refusal (code 101) when a first login through the provider meets an
 * account with the same e-mail address: untranslated, so the login page recognises it in every
 * language and shows the sentence after it.
 */
export const SSO_LINK_PREFIX = 'ssoLink:';

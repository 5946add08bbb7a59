/**
 * Remember me (SPEC section 4): the last username and mobile number, in a cookie for one day.
 * Never the password: the browser's password manager keeps that, by the autocomplete attributes.
 */
const COOKIE = 'rememberedLogin';
const ONE_DAY_SECONDS = 24 * 60 * 60;

export type RememberedLogin = { username: string; mobile: string };

export function readRememberedLogin(): RememberedLogin | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${COOKIE}=`));
  if (!entry) return null;
  try {
    const value: unknown = JSON.parse(decodeURIComponent(entry.slice(COOKIE.length + 1)));
    if (typeof value !== 'object' || value === null) return null;
    return {
      username: 'username' in value && typeof value.username === 'string' ? value.username : '',
      mobile: 'mobile' in value && typeof value.mobile === 'string' ? value.mobile : '',
    };
  } catch {
    return null;
  }
}

/** Checked: stores the details for a day; unchecked: forgets them. */
export function saveRememberedLogin(remember: boolean, login: RememberedLogin): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const value = remember ? encodeURIComponent(JSON.stringify(login)) : '';
  const maxAge = remember ? ONE_DAY_SECONDS : 0;
  document.cookie = `${COOKIE}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

/** Spec §4: the account slug a user arrived with (/login?account_slug=...) is kept in session storage. */
const ACCOUNT_SLUG_KEY = 'keydeck.account_slug';

export function rememberAccountSlug(slug: string): void {
  sessionStorage.setItem(ACCOUNT_SLUG_KEY, slug);
}

export function rememberedAccountSlug(): string | null {
  return sessionStorage.getItem(ACCOUNT_SLUG_KEY);
}

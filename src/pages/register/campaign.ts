/**
 * The marketing campaign of a sign-up (`/register?campaign=…`). The query survives the trip through the
 * identity provider; it is also kept in session storage so moving between steps does not lose it.
 */
const KEY = 'chatbot.campaign';

export function rememberCampaign(search: string): string | null {
  const fromQuery = new URLSearchParams(search).get('campaign')?.trim().slice(0, 100) || null;
  try {
    if (fromQuery) sessionStorage.setItem(KEY, fromQuery);
    return fromQuery ?? sessionStorage.getItem(KEY);
  } catch {
    return fromQuery;
  }
}

import type { RunningServer } from '../../src/index.js';
import { newKey } from './test-server.js';
// Signing in to the dashboard over HTTP as a browser does: fetch the form (its token and pre-session
// cookie), then post it.

export const cookieOf = (response: Response, name: string): string | undefined =>
  response.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${name}=`))
    ?.split(';')[0]
    ?.slice(name.length + 1);

export async function dashboardSignIn(
  baseUrl: string,
  email: string,
  password: string,
): Promise<{ response: Response; session?: string }> {
  const form = await fetch(`${baseUrl}/dashboard/sign-in`);
  const pre = cookieOf(form, 'rtw_sign_in') ?? '';
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const response = await fetch(`${baseUrl}/dashboard/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `rtw_sign_in=${pre}` },
    body: new URLSearchParams({ csrf, email, password }).toString(),
  });
  const session = cookieOf(response, 'rtw_session');
  return session ? { response, session } : { response };
}

/** A new account with a live key and a dashboard password: its id and owner's e-mail address. */
export async function newDashboardOwner(
  server: Pick<RunningServer, 'admin' | 'dashboardAdmin'>,
  password: string,
): Promise<{ accountId: string; email: string }> {
  const { accountId } = await newKey(server.admin, 'free', 'live');
  const account = await server.admin.getAccount(accountId);
  if (!account.ok) throw new Error(account.error);
  const set = await server.dashboardAdmin.setPassword(accountId, password);
  if (!set.ok) throw new Error(set.error);
  return { accountId, email: account.value.email };
}

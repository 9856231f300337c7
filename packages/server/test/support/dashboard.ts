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

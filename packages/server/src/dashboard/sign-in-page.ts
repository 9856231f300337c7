import { html } from '@sharecode/core/util';
import { csrfField, type FieldError, page, textField } from './layout.js';

/** The owner's sign-in form; the token is the pre-session's (double-submit, see routes). */
export function signInPage(input: {
  readonly csrf: string;
  readonly email?: string;
  readonly errors?: readonly FieldError[];
  readonly signedOut?: boolean;
}): string {
  const errors = input.errors ?? [];
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  return page({
    title: 'Sign in',
    errors,
    body: html`<h1>Sign in</h1>
${input.signedOut ? html`<div class="notice" role="status"><p>You have signed out.</p></div>` : ''}
<p>Sign in with the e-mail address of your account and the password your operator set with
<code>rtw-server accounts set-password</code>.</p>
<form method="post" action="/dashboard/sign-in" novalidate>
  ${csrfField(input.csrf)}
  ${textField({
    id: 'email',
    name: 'email',
    label: 'E-mail address',
    type: 'email',
    value: input.email ?? '',
    autocomplete: 'username',
    error: errorOf('email'),
  })}
  ${textField({
    id: 'password',
    name: 'password',
    label: 'Password',
    type: 'password',
    autocomplete: 'current-password',
    error: errorOf('password'),
  })}
  <button type="submit">Sign in</button>
</form>`,
  });
}

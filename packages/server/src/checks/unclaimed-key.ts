import { invalidInput } from '@sharecode/core';

/** Spec 5.5: the refusal of callback_url for a sandbox key that no account has claimed yet. */
export const unclaimedKeyCallbackRefusal = () =>
  invalidInput(
    'callback_url',
    'callback_url cannot be used with a sandbox key that belongs to no account: claim the key first ' +
      '(rtw-server keys claim --key KEY --account ID), or leave callback_url out and poll the check with GET.',
  );

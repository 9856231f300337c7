/**
 * Version 14 (4 was the newest: the gap leaves room for migrations written at the same time on other
 * branches). One account per e-mail address whatever its case: before, `OWNER@Example.com` beside
 * `owner@example.com` made a second account, and sign-in opened whichever the password matched.
 * Existing duplicates stop the migration, naming them: which account to keep is the operator's call.
 */
export const EMAIL_UNIQUE_MIGRATION = {
  version: 14,
  name: 'account e-mail addresses unique whatever their case',
  sql: `
    DO $$
    DECLARE
      duplicates text;
    BEGIN
      SELECT string_agg(lower(email) || ' (' || ids || ')', '; ' ORDER BY lower(email)) INTO duplicates
        FROM (
          SELECT lower(email) AS email, string_agg(id, ', ' ORDER BY created_at, id) AS ids
            FROM accounts WHERE NOT anonymous GROUP BY lower(email) HAVING count(*) > 1
        ) AS dup;
      IF duplicates IS NOT NULL THEN
        RAISE EXCEPTION 'Several accounts share an e-mail address (letter case aside): %. Each address may own one account from this version on: give the extra accounts other addresses (or delete them) with the previous rtw-server, then start this one again.', duplicates;
      END IF;
    END
    $$;
    CREATE UNIQUE INDEX accounts_email_lower ON accounts (lower(email)) WHERE NOT anonymous;
  `,
} as const;

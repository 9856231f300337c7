// GENERATED FILE: do not edit. Source: openapi.json. Regenerate with `npm run generate`.
// The test command fails when this file differs from what openapi.json generates.
export interface paths {
    "/api/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a right-to-work check
         * @description A live check usually takes 15 to 40 seconds: use a client timeout of at least 60 seconds, or the asynchronous endpoint. Sandbox (rtw_test_) keys return sandbox data at once, are unmetered and never contact the portal. A copy of the check is kept up to 7 days solely to investigate problems; save the photo and PDF yourself.
         */
        post: operations["checkRightToWork"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/check/right-to-work": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a right-to-work check (alias)
         * @description The same endpoint as POST /api/check: same request, response and errors. A live check usually takes 15 to 40 seconds: use a client timeout of at least 60 seconds, or the asynchronous endpoint. Sandbox (rtw_test_) keys return sandbox data at once, are unmetered and never contact the portal. A copy of the check is kept up to 7 days solely to investigate problems; save the photo and PDF yourself.
         */
        post: operations["checkRightToWorkAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/check/right-to-rent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a right-to-rent check
         * @description For landlords and letting agents in England. A live check usually takes 15 to 40 seconds: use a client timeout of at least 60 seconds, or the asynchronous endpoint. Sandbox (rtw_test_) keys return sandbox data at once, are unmetered and never contact the portal. A copy of the check is kept up to 7 days solely to investigate problems; save the photo and PDF yourself.
         */
        post: operations["checkRightToRent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/check/immigration-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run an immigration-status check
         * @description For banks, lenders, universities, councils and others. A live check usually takes 15 to 40 seconds: use a client timeout of at least 60 seconds, or the asynchronous endpoint. Sandbox (rtw_test_) keys return sandbox data at once, are unmetered and never contact the portal. A copy of the check is kept up to 7 days solely to investigate problems; save the photo and PDF yourself.
         */
        post: operations["checkImmigrationStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/check/async": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a right-to-work check
         * @description Queues the check and answers at once with 202 and the record. The check runs with retries (TIMEOUT, BUSY and INTERNAL up to 3 attempts in all, UPSTREAM_UNEXPECTED once more); the result is then posted to the callback URL (if one applies) and kept for polling for 7 days after the check ends. Bad input, a bad key, an exhausted quota and rate limits are answered on this POST, never as a webhook. Send an Idempotency-Key to make retries of this POST safe. The Location header is `/api/check/async/{check_id}`.
         */
        post: operations["createRightToWorkCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/check/right-to-work/async": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a right-to-work check (alias)
         * @description The same endpoint as POST /api/check/async: same request, responses and errors. Queues the check and answers at once with 202 and the record. The check runs with retries (TIMEOUT, BUSY and INTERNAL up to 3 attempts in all, UPSTREAM_UNEXPECTED once more); the result is then posted to the callback URL (if one applies) and kept for polling for 7 days after the check ends. Bad input, a bad key, an exhausted quota and rate limits are answered on this POST, never as a webhook. Send an Idempotency-Key to make retries of this POST safe. The Location header is `/api/check/async/{check_id}`.
         */
        post: operations["createRightToWorkCheckAlias"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/check/right-to-rent/async": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a right-to-rent check
         * @description Queues the check and answers at once with 202 and the record. The check runs with retries (TIMEOUT, BUSY and INTERNAL up to 3 attempts in all, UPSTREAM_UNEXPECTED once more); the result is then posted to the callback URL (if one applies) and kept for polling for 7 days after the check ends. Bad input, a bad key, an exhausted quota and rate limits are answered on this POST, never as a webhook. Send an Idempotency-Key to make retries of this POST safe. The Location header is `/api/check/right-to-rent/async/{check_id}`.
         */
        post: operations["createRightToRentCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/check/immigration-status/async": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue an immigration-status check
         * @description Queues the check and answers at once with 202 and the record. The check runs with retries (TIMEOUT, BUSY and INTERNAL up to 3 attempts in all, UPSTREAM_UNEXPECTED once more); the result is then posted to the callback URL (if one applies) and kept for polling for 7 days after the check ends. Bad input, a bad key, an exhausted quota and rate limits are answered on this POST, never as a webhook. Send an Idempotency-Key to make retries of this POST safe. The Location header is `/api/check/immigration-status/async/{check_id}`.
         */
        post: operations["createImmigrationStatusCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/check/async/{check_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an asynchronous check of any kind
         * @description Returns the check as it stands, whatever its kind. Only checks of the key's own account and mode are visible.
         */
        get: operations["getCheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/check/right-to-work/async/{check_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an asynchronous right-to-work check
         * @description Returns a right-to-work check queued with this key. A check of another kind answers 404 CHECK_NOT_FOUND here; GET /api/check/async/{check_id} returns checks of every kind.
         */
        get: operations["getRightToWorkCheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/check/right-to-rent/async/{check_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an asynchronous right-to-rent check
         * @description Returns the right-to-rent check as it stands (the Location of its POST). The id of another kind's check answers 404 CHECK_NOT_FOUND.
         */
        get: operations["getRightToRentCheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/check/immigration-status/async/{check_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an asynchronous immigration-status check
         * @description Returns the immigration-status check as it stands (the Location of its POST). The id of another kind's check answers 404 CHECK_NOT_FOUND.
         */
        get: operations["getImmigrationStatusCheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get this contract
         * @description The machine-readable contract (OpenAPI 3.1, contract version 1.1.0). No key needed.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check that the service is up
         * @description Answers 200 while the service is accepting requests. No key needed.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/check-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's check requests
         * @description The check requests of the key's account and mode, newest first, a page at a time.
         */
        get: operations["listCheckRequests"];
        put?: never;
        /**
         * Make a check request: a link the applicant fills in
         * @description Makes a link for one applicant and answers 201 with it in `url` (shown only in this answer). The applicant opens it, enters their share code and date of birth, and an asynchronous check of the key's mode runs: a test key's requests answer from the sandbox's test codes; a live key's run live and are charged as any live check is. A share code not found, a date of birth that does not match and a code for another kind of check let the applicant correct it; the third such failure locks the link. The checker fields are validated as the check itself validates them.
         */
        post: operations["createCheckRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/check-requests/{request_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a check request
         * @description The request as it stands, with the check it made once submitted. The applicant's page never shows the result; this does.
         */
        get: operations["getCheckRequest"];
        put?: never;
        post?: never;
        /**
         * Cancel a check request
         * @description Closes the link: the applicant's page answers 410 from now on. Cancelling a cancelled request answers 200 again; a request already submitted, expired or locked answers 409 CHECK_REQUEST_CLOSED. While a check of the applicant's details is queued or running (the applicant has just sent them, and the request is still waiting) it answers 409 CHECK_REQUEST_CHECKING: that check decides the request, and is charged if it succeeds.
         */
        delete: operations["cancelCheckRequest"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "check.succeeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An asynchronous check succeeded
         * @description Posted once to the check's callback URL when an asynchronous check ends with a result. Accept large bodies: live results include the photo and PDF. Signed per Standard Webhooks: verify `webhook-signature` over the raw body before parsing, refuse timestamps more than 5 minutes old, and de-duplicate on `webhook-id` (delivery is at least once).
         */
        post: operations["onCheckSucceeded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "check.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An asynchronous check failed
         * @description Posted once to the check's callback URL when an asynchronous check ends with an error, after any retries. Signed per Standard Webhooks: verify `webhook-signature` over the raw body before parsing, refuse timestamps more than 5 minutes old, and de-duplicate on `webhook-id` (delivery is at least once).
         */
        post: operations["onCheckFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "check.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A test event from the dashboard
         * @description Posted to the default URL of the mode, or to a URL typed on the dashboard, when you send a test event from the dashboard. `data` is always the same sandbox record. Signed per Standard Webhooks: verify `webhook-signature` over the raw body before parsing, refuse timestamps more than 5 minutes old, and de-duplicate on `webhook-id` (delivery is at least once).
         */
        post: operations["onCheckTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "check_request.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A check request expired unused
         * @description Posted to the request's callback URL when its link expires before the applicant submitted it. Signed and delivered like the check events.
         */
        post: operations["onCheckRequestExpired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "check_request.locked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A check request locked after 3 failed attempts
         * @description Posted to the request's callback URL when the applicant's third failed attempt locks the link. No check result exists; ask the applicant for a new share code and make a new request. Signed and delivered like the check events.
         */
        post: operations["onCheckRequestLocked"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description A share code in normalised form: 9 upper-case letters and digits, no spaces.
         * @example WACPT0001
         */
        ShareCode: string;
        /**
         * Format: date
         * @description The applicant's date of birth, YYYY-MM-DD. It must match the share code; the applicant must be at least 16.
         * @example 1990-01-01
         */
        DateOfBirth: string;
        /**
         * @description The three kinds of check. Each kind has its own endpoints, request shape and result shape.
         * @enum {string}
         */
        CheckKind: "right_to_work" | "right_to_rent" | "immigration_status";
        /**
         * @description Why an immigration-status check is made. With `other`, say why in `other_purpose`.
         * @enum {string}
         */
        Purpose: "driving_licence" | "student_loan" | "education_or_training" | "health_insurance_card" | "personal_finance" | "homelessness_or_council_housing" | "travel" | "other";
        /**
         * @description Who makes a right-to-rent check: the landlord, or a letting agent acting for the landlord.
         * @enum {string}
         */
        CheckerType: "landlord" | "agent";
        /** @description A right-to-work check. Unknown fields are refused with 400 INVALID_INPUT naming the field. */
        RightToWorkRequest: {
            /**
             * @description The applicant's right-to-work share code: 9 letters and digits starting with W. Spaces and lower case are accepted and removed server-side. A code for another kind of check is refused with 400 INVALID_INPUT naming share_code.
             * @example WACPT0001
             */
            share_code: string;
            date_of_birth: components["schemas"]["DateOfBirth"];
            /** @description The organisation making the check, recorded by the portal as the checker. */
            company_name: string;
            /**
             * @description Optional; if sent it must be `right_to_work`.
             * @enum {string}
             */
            check?: "right_to_work";
        };
        /** @description A right-to-rent check (England). Unknown fields are refused with 400 INVALID_INPUT naming the field. */
        RightToRentRequest: {
            /**
             * @description The applicant's right-to-rent share code: 9 letters and digits starting with R. Spaces and lower case are accepted and removed server-side. A code for another kind of check is refused with 400 INVALID_INPUT naming share_code.
             * @example RACPT0001
             */
            share_code: string;
            date_of_birth: components["schemas"]["DateOfBirth"];
            /** @description Name of the landlord or letting company making the check. */
            checker_name: string;
            checker_type: components["schemas"]["CheckerType"];
            /**
             * @description Optional; if sent it must be `right_to_rent`.
             * @enum {string}
             */
            check?: "right_to_rent";
        };
        /** @description An immigration-status check. `other_purpose` is required when `purpose` is `other` and refused otherwise. `checker_type` and other unknown fields are refused with 400 INVALID_INPUT naming the field. */
        ImmigrationStatusRequest: {
            /**
             * @description The applicant's immigration-status share code: 9 letters and digits starting with S. Spaces and lower case are accepted and removed server-side. A code for another kind of check is refused with 400 INVALID_INPUT naming share_code.
             * @example SACPT0001
             */
            share_code: string;
            date_of_birth: components["schemas"]["DateOfBirth"];
            /** @description The organisation making the check, including the local office or branch name. */
            company_name: string;
            /** @description Job title of the person making the check. */
            job_title: string;
            purpose: components["schemas"]["Purpose"];
            /** @description Why you are checking, in your words. Required when purpose is `other`; refused otherwise. */
            other_purpose?: string;
            /**
             * @description Optional; if sent it must be `immigration_status`.
             * @enum {string}
             */
            check?: "immigration_status";
        };
        /** @description An asynchronous right-to-work check: the synchronous fields plus where to send the result. Unknown fields are refused with 400 INVALID_INPUT naming the field. */
        RightToWorkAsyncRequest: {
            share_code: components["schemas"]["RightToWorkRequest"]["share_code"];
            date_of_birth: components["schemas"]["DateOfBirth"];
            company_name: components["schemas"]["RightToWorkRequest"]["company_name"];
            check?: components["schemas"]["RightToWorkRequest"]["check"];
            /**
             * Format: uri
             * @description Where the result is posted when the check ends. https only, at most 2048 characters, no user name or password, no private or internal address. Without it the account's default URL for the key's mode is used; with neither the check is poll-only. A query string may carry your own id, never the applicant's details. A sandbox key not yet claimed by an account cannot use it (400 INVALID_INPUT naming callback_url).
             */
            callback_url?: string;
            /** @description Your own opaque id (up to 200 characters), returned in every response and webhook. Never put the applicant's name, share code or date of birth in it. */
            client_reference?: string;
        };
        /** @description An asynchronous right-to-rent check: the synchronous fields plus where to send the result. Unknown fields are refused with 400 INVALID_INPUT naming the field. */
        RightToRentAsyncRequest: {
            share_code: components["schemas"]["RightToRentRequest"]["share_code"];
            date_of_birth: components["schemas"]["DateOfBirth"];
            checker_name: components["schemas"]["RightToRentRequest"]["checker_name"];
            checker_type: components["schemas"]["CheckerType"];
            check?: components["schemas"]["RightToRentRequest"]["check"];
            callback_url?: components["schemas"]["RightToWorkAsyncRequest"]["callback_url"];
            client_reference?: components["schemas"]["RightToWorkAsyncRequest"]["client_reference"];
        };
        /** @description An asynchronous immigration-status check: the synchronous fields plus where to send the result. `other_purpose` is required when `purpose` is `other` and refused otherwise; unknown fields are refused with 400 INVALID_INPUT naming the field. */
        ImmigrationStatusAsyncRequest: {
            share_code: components["schemas"]["ImmigrationStatusRequest"]["share_code"];
            date_of_birth: components["schemas"]["DateOfBirth"];
            company_name: components["schemas"]["ImmigrationStatusRequest"]["company_name"];
            job_title: components["schemas"]["ImmigrationStatusRequest"]["job_title"];
            purpose: components["schemas"]["Purpose"];
            other_purpose?: components["schemas"]["ImmigrationStatusRequest"]["other_purpose"];
            check?: components["schemas"]["ImmigrationStatusRequest"]["check"];
            callback_url?: components["schemas"]["RightToWorkAsyncRequest"]["callback_url"];
            client_reference?: components["schemas"]["RightToWorkAsyncRequest"]["client_reference"];
        };
        /** @description The result of a right-to-work check, as the portal showed it. */
        RightToWorkResult: {
            /**
             * @description ACCEPTED when the portal confirms the permission, REJECTED when it does not.
             * @enum {string}
             */
            outcome: "ACCEPTED" | "REJECTED";
            /**
             * @description Always `Right to work`; tells the result kinds apart.
             * @constant
             */
            title: "Right to work";
            /** @description Applicant name as the portal holds it (usually in capitals). */
            name: string;
            /**
             * Format: date
             * @description Applicant's date of birth, YYYY-MM-DD.
             */
            date_of_birth: string;
            /** @description Nationality as the portal shows it; null when not shown. */
            nationality?: string | null;
            /** @description Kind of permission held, in the portal wording; null when not shown. */
            permission_type?: string | null;
            /**
             * Format: date
             * @description Start of the permission, YYYY-MM-DD; null when none is shown upstream.
             */
            start_date?: string | null;
            /**
             * Format: date
             * @description End of the permission, YYYY-MM-DD; null when none is shown upstream.
             */
            expiry_date?: string | null;
            /** @description Conditions on the permission, one sentence each; empty when none. */
            conditions: string[];
            /** @description Restrictions on the permission, one sentence each; empty when none. */
            restrictions: string[];
            /** @description Portal reference for your audit records; null when none. */
            reference?: string | null;
            /** @description The share code checked, normalised. */
            share_code: components["schemas"]["ShareCode"];
            /** @description Applicant photo as a base64 JPEG data URL; keep it as evidence of the check. */
            photo_data_url?: string | null;
            /** @description The portal's PDF of the check as a base64 data URL; keep it as evidence of the check. */
            pdf_data_url?: string | null;
            /**
             * Format: date-time
             * @description When the check finished (ISO 8601, UTC).
             */
            checked_at: string;
        };
        /** @description The result of a right-to-rent check, as the portal showed it. */
        RightToRentResult: {
            /**
             * @description ACCEPTED when the portal confirms the permission, REJECTED when it does not.
             * @enum {string}
             */
            outcome: "ACCEPTED" | "REJECTED";
            /**
             * @description Always `Right to rent`; tells the result kinds apart.
             * @constant
             */
            title: "Right to rent";
            /** @description Applicant name as the portal holds it (usually in capitals). */
            name: string;
            /**
             * Format: date
             * @description Applicant's date of birth, YYYY-MM-DD.
             */
            date_of_birth: string;
            /** @description Nationality as the portal shows it; null when not shown. */
            nationality?: string | null;
            /** @description Kind of permission held, in the portal wording; null when not shown. */
            permission_type?: string | null;
            /**
             * Format: date
             * @description Start of the permission, YYYY-MM-DD; null when none is shown upstream.
             */
            start_date?: string | null;
            /**
             * Format: date
             * @description End of the permission, YYYY-MM-DD; null when none is shown upstream.
             */
            expiry_date?: string | null;
            /** @description Conditions on the permission, one sentence each; empty when none. */
            conditions: string[];
            /** @description Restrictions on the permission, one sentence each; empty when none. */
            restrictions: string[];
            /** @description Portal reference for your audit records; null when none. */
            reference?: string | null;
            /** @description The share code checked, normalised. */
            share_code: components["schemas"]["ShareCode"];
            /** @description Applicant photo as a base64 JPEG data URL; keep it as evidence of the check. */
            photo_data_url?: string | null;
            /** @description The portal's PDF of the check as a base64 data URL; keep it as evidence of the check. */
            pdf_data_url?: string | null;
            /**
             * Format: date-time
             * @description When the check finished (ISO 8601, UTC).
             */
            checked_at: string;
            /** @description A sentence describing the right to rent, in the portal wording. */
            details: string;
            /**
             * Format: date
             * @description When a follow-up check is due, YYYY-MM-DD; null when no follow-up check is needed (for example no time limit).
             */
            recheck_date: string | null;
            /** @description Echo of the checker name sent in the request. */
            company_name: string;
            /**
             * Format: date
             * @description Date of the check, YYYY-MM-DD.
             */
            check_date: string;
        };
        /** @description The result of an immigration-status check, as the portal showed it. */
        ImmigrationStatusResult: {
            /**
             * @description Always ACCEPTED; the answer is in status, valid_until, activities and restrictions.
             * @constant
             */
            outcome: "ACCEPTED";
            /**
             * @description Always `Immigration status`; tells the result kinds apart.
             * @constant
             */
            title: "Immigration status";
            /** @description Applicant name as the portal holds it (usually in capitals). */
            name: string;
            /**
             * Format: date
             * @description Applicant's date of birth, YYYY-MM-DD.
             */
            date_of_birth: string;
            /** @description Nationality as the portal shows it. */
            nationality: string;
            /** @description The immigration status, in the portal wording. */
            status: string;
            /**
             * Format: date
             * @description Start of the status, YYYY-MM-DD.
             */
            valid_from: string;
            /**
             * Format: date
             * @description End of the status, YYYY-MM-DD; null for a status with no time limit (for example settled status).
             */
            valid_until: string | null;
            /** @description What the person may do in the UK, one sentence each. */
            activities: string[];
            /** @description What the person may not do, one sentence each; empty when none. */
            restrictions: string[];
            /** @description Portal reference for your audit records. */
            reference: string;
            /** @description Echo of the company name sent in the request. */
            company_name: string;
            /** @description Echo of the job title sent in the request. */
            job_title: string;
            /** @description The portal's own wording for the chosen purpose (not the request's enum value). */
            purpose: string;
            /**
             * Format: date
             * @description Date of the check, YYYY-MM-DD.
             */
            check_date: string;
            /** @description The share code checked, normalised. */
            share_code: components["schemas"]["ShareCode"];
            /** @description Applicant photo as a base64 JPEG data URL; keep it as evidence of the check. */
            photo_data_url: string;
            /** @description The portal's PDF of the check as a base64 data URL; keep it as evidence of the check. */
            pdf_data_url: string;
            /**
             * Format: date-time
             * @description When the check finished (ISO 8601, UTC).
             */
            checked_at: string;
        };
        /** @description The result of any kind of check; `title` says which. */
        CheckResult: components["schemas"]["RightToWorkResult"] | components["schemas"]["RightToRentResult"] | components["schemas"]["ImmigrationStatusResult"];
        /**
         * @description Where an asynchronous check stands. `succeeded` and `failed` are final.
         * @enum {string}
         */
        CheckStatus: "queued" | "running" | "succeeded" | "failed";
        /**
         * @description live for checks made with an rtw_live_ key, test for checks made with an rtw_test_ (sandbox) key.
         * @enum {string}
         */
        Mode: "live" | "test";
        /** @description An asynchronous check as it stands: returned by the POST (status queued), by the GET, and sent as `data` in webhooks. */
        CheckRecord: {
            /** @description The check id: `chk_` followed by 32 letters and digits. */
            id: string;
            status: components["schemas"]["CheckStatus"];
            mode: components["schemas"]["Mode"];
            /** @description Your reference as sent; null when none was sent or once the result is deleted. */
            client_reference: string | null;
            /**
             * Format: uri
             * @description Where the result is posted, fixed when the check was queued; null means poll only (and after the result is deleted).
             */
            callback_url: string | null;
            /** @description How many times the check was run; more than 1 means it was retried. */
            attempts: number;
            /** @description When succeeded, exactly the object the matching synchronous endpoint returns, photo and PDF included; otherwise null (also once deleted, 7 days after the end). */
            result: components["schemas"]["CheckResult"] | null;
            /** @description When failed, the code and message the synchronous call would have returned; otherwise null. */
            error: {
                code: components["schemas"]["ErrorCode"];
                /** @description What went wrong and what to do next. */
                message: string;
            } | null;
            /**
             * Format: date-time
             * @description When the result will be deleted: 7 days after the check ends; null before it ends.
             */
            result_expires_at: string | null;
            /** @description True once the result has been deleted; status and error code stay readable for 30 days. */
            result_expired: boolean;
            /**
             * Format: date-time
             * @description When the check was queued.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the check ended; null before.
             */
            completed_at: string | null;
            /** @description Present only on a check made from a check request: that request's id. */
            check_request_id?: components["schemas"]["CheckRequestId"];
        };
        /**
         * @description Stable error code; switch on it. `INVALID_INPUT` (400) bad input, the message names the field; `UNAUTHENTICATED` (401) no key; `INVALID_KEY` (401) key not valid; `QUOTA_EXCEEDED` (402) free-plan monthly quota used up; `PAYMENT_REQUIRED` (402) subscription unpaid; `NOT_FOUND` (404) the portal does not recognise the share code; `DOB_MISMATCH` (404) the date of birth does not match; `CHECK_NOT_FOUND` (404) no such asynchronous check for this key's account and mode; `RATE_LIMITED` (429) back off for Retry-After seconds; `INTERNAL` (500) server fault; `UPSTREAM_UNEXPECTED` (502) the portal returned an unexpected page; `BUSY` (503) all check slots in use; `TIMEOUT` (504) the portal was too slow. `CHECK_REQUEST_NOT_FOUND` (404) no such check request for this key's account and mode; `CHECK_REQUEST_CLOSED` (409) the check request was already submitted, expired or locked, so it cannot be cancelled; `CHECK_REQUEST_CHECKING` (409) a check of the applicant's details is queued or running, so the request cannot be cancelled now: read it again in a few minutes.
         * @enum {string}
         */
        ErrorCode: "INVALID_INPUT" | "NOT_FOUND" | "DOB_MISMATCH" | "BUSY" | "UPSTREAM_UNEXPECTED" | "TIMEOUT" | "INTERNAL" | "UNAUTHENTICATED" | "INVALID_KEY" | "QUOTA_EXCEEDED" | "PAYMENT_REQUIRED" | "RATE_LIMITED" | "CHECK_NOT_FOUND" | "CHECK_REQUEST_NOT_FOUND" | "CHECK_REQUEST_CLOSED" | "CHECK_REQUEST_CHECKING";
        /** @description The body of every error response. */
        ErrorBody: {
            /** @description What went wrong. */
            error: {
                code: components["schemas"]["ErrorCode"];
                /** @description Human-readable: what went wrong and what to do next. */
                message: string;
                /**
                 * Format: uri
                 * @description Where to upgrade or pay; present on QUOTA_EXCEEDED and PAYMENT_REQUIRED only.
                 */
                upgrade_url?: string;
            };
        };
        /** @description Sent when an asynchronous check ends with a result. */
        CheckSucceededEvent: {
            /**
             * @description Always `check.succeeded`.
             * @constant
             */
            type: "check.succeeded";
            /**
             * Format: date-time
             * @description When the event was created.
             */
            created_at: string;
            /** @description The check as it stood when the event was created; `data.result` holds the result, photo and PDF included. */
            data: components["schemas"]["CheckRecord"];
        };
        /** @description Sent when an asynchronous check ends with an error, after any retries. */
        CheckFailedEvent: {
            /**
             * @description Always `check.failed`.
             * @constant
             */
            type: "check.failed";
            /**
             * Format: date-time
             * @description When the event was created.
             */
            created_at: string;
            /** @description The check as it stood when the event was created; `data.error.code` says what went wrong. */
            data: components["schemas"]["CheckRecord"];
        };
        /** @description Sent when a test event is triggered from the dashboard, to check your endpoint and signature verification. */
        CheckTestEvent: {
            /**
             * @description Always `check.test`.
             * @constant
             */
            type: "check.test";
            /**
             * Format: date-time
             * @description When the event was created.
             */
            created_at: string;
            /** @description A fixed sandbox record: mode test, status succeeded, id chk_00000000000000000000000000000000, and a right-to-work ACCEPTED result for the sandbox share code WACPT0001. */
            data: components["schemas"]["CheckRecord"];
        };
        /** @description Any event the service posts to your callback URL; `type` says which. */
        WebhookEvent: components["schemas"]["CheckSucceededEvent"] | components["schemas"]["CheckFailedEvent"] | components["schemas"]["CheckTestEvent"] | components["schemas"]["CheckRequestEndedEvent"];
        /**
         * @description A check request id: `creq_` followed by 32 letters and digits.
         * @example creq_7hG2kL9mN4pQ1rS6tV3wX8yZ0aB5cD2e
         */
        CheckRequestId: string;
        /**
         * @description Where a check request stands. `waiting`: the link is open and no check has been made from it yet (the applicant may be correcting a mistake). `submitted`: the applicant's details made a check (`check` holds it); the link is used. `locked`: 3 failed attempts (a share code not found, a date of birth that does not match, a code for another kind of check). `expired`: not submitted before `expires_at`. `cancelled`: cancelled by you. All but `waiting` are final.
         * @enum {string}
         */
        CheckRequestStatus: "waiting" | "submitted" | "locked" | "expired" | "cancelled";
        /**
         * @description What became of the e-mail carrying the applicant's link. `not_sent`: this service has no mail settings, so it sent nothing: send the link yourself. `sending`: the e-mail is being sent. `sent`: the mail server accepted it. `failed`: the mail server refused it or could not be reached: send the link yourself.
         * @enum {string}
         */
        ApplicantEmailStatus: "not_sent" | "sending" | "sent" | "failed";
        /** @description A check request for a right-to-work check: the applicant will enter the share code and date of birth. Unknown fields are refused with 400 INVALID_INPUT naming the field. */
        RightToWorkCheckRequestCreate: {
            /**
             * @description Always `right_to_work`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            kind: "right_to_work";
            /** @description The organisation making the check, recorded by the portal as the checker. */
            company_name: string;
            /** @description Your own opaque id (up to 200 characters), returned in every response and webhook. Never put the applicant's name, share code or date of birth in it. */
            client_reference?: string;
            /**
             * Format: uri
             * @description Where the check's result (and the request's own `check_request.expired` or `check_request.locked` event) is posted. The same rules as an asynchronous check's callback_url; without it the account's default URL for the key's mode is used; with neither, poll the request.
             */
            callback_url?: string;
            /**
             * @description Days until the link stops working if it is not used (1 to 90, default 14). A share code itself lasts 90 days.
             * @default 14
             */
            expires_in_days: number;
            /**
             * Format: email
             * @description The applicant's e-mail address. When the service has SMTP settings, the link is sent there in a plain message naming you; otherwise it is only kept with the request (sealed, deleted with it) and you send the link yourself. The request's applicant_email_status says which (`not_sent` means send it yourself).
             */
            applicant_email?: string;
        };
        /** @description A check request for a right-to-rent check: the applicant will enter the share code and date of birth. Unknown fields are refused with 400 INVALID_INPUT naming the field. */
        RightToRentCheckRequestCreate: {
            /**
             * @description Always `right_to_rent`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            kind: "right_to_rent";
            /** @description Name of the landlord or letting company making the check. */
            checker_name: string;
            checker_type: components["schemas"]["CheckerType"];
            /** @description Your own opaque id (up to 200 characters), returned in every response and webhook. Never put the applicant's name, share code or date of birth in it. */
            client_reference?: string;
            /**
             * Format: uri
             * @description Where the check's result (and the request's own `check_request.expired` or `check_request.locked` event) is posted. The same rules as an asynchronous check's callback_url; without it the account's default URL for the key's mode is used; with neither, poll the request.
             */
            callback_url?: string;
            /**
             * @description Days until the link stops working if it is not used (1 to 90, default 14). A share code itself lasts 90 days.
             * @default 14
             */
            expires_in_days: number;
            /**
             * Format: email
             * @description The applicant's e-mail address. When the service has SMTP settings, the link is sent there in a plain message naming you; otherwise it is only kept with the request (sealed, deleted with it) and you send the link yourself. The request's applicant_email_status says which (`not_sent` means send it yourself).
             */
            applicant_email?: string;
        };
        /** @description A check request for a immigration-status check: the applicant will enter the share code and date of birth. Unknown fields are refused with 400 INVALID_INPUT naming the field. */
        ImmigrationStatusCheckRequestCreate: {
            /**
             * @description Always `immigration_status`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            kind: "immigration_status";
            /** @description The organisation making the check, including the local office or branch name. */
            company_name: string;
            /** @description Job title of the person making the check. */
            job_title: string;
            purpose: components["schemas"]["Purpose"];
            /** @description Why you are checking, in your words. Required when purpose is `other`; refused otherwise. */
            other_purpose?: string;
            /** @description Your own opaque id (up to 200 characters), returned in every response and webhook. Never put the applicant's name, share code or date of birth in it. */
            client_reference?: string;
            /**
             * Format: uri
             * @description Where the check's result (and the request's own `check_request.expired` or `check_request.locked` event) is posted. The same rules as an asynchronous check's callback_url; without it the account's default URL for the key's mode is used; with neither, poll the request.
             */
            callback_url?: string;
            /**
             * @description Days until the link stops working if it is not used (1 to 90, default 14). A share code itself lasts 90 days.
             * @default 14
             */
            expires_in_days: number;
            /**
             * Format: email
             * @description The applicant's e-mail address. When the service has SMTP settings, the link is sent there in a plain message naming you; otherwise it is only kept with the request (sealed, deleted with it) and you send the link yourself. The request's applicant_email_status says which (`not_sent` means send it yourself).
             */
            applicant_email?: string;
        };
        /** @description A new check request; `kind` says which check the applicant's details will make, and which checker fields it takes. */
        CheckRequestCreate: components["schemas"]["RightToWorkCheckRequestCreate"] | components["schemas"]["RightToRentCheckRequestCreate"] | components["schemas"]["ImmigrationStatusCheckRequestCreate"];
        /** @description A right-to-work check request as it stands. */
        RightToWorkCheckRequest: {
            id: components["schemas"]["CheckRequestId"];
            /**
             * @description Always `right_to_work`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            kind: "right_to_work";
            status: components["schemas"]["CheckRequestStatus"];
            mode: components["schemas"]["Mode"];
            /**
             * Format: uri
             * @description The applicant's link. Returned only in the 201 answer that creates the request: the service keeps only a hash of its token, so every later read has null. Send it to the applicant yourself, or let the service e-mail it (applicant_email).
             */
            url: string | null;
            /** @description Your reference as sent; null when none was sent. */
            client_reference: string | null;
            /**
             * Format: uri
             * @description Where events for this request are posted, fixed when it was made; null means poll only.
             */
            callback_url: string | null;
            /** @description The applicant's e-mail as sent; null when none was sent, and once the request's personal data is deleted (7 days after it ends). */
            applicant_email: string | null;
            /** @description What became of the e-mail carrying the link: null when no applicant_email was sent; `not_sent` when this service has no mail settings (send the link yourself); `sending`, then `sent`, or `failed` when the mail server refused it or could not be reached (send the link yourself). */
            applicant_email_status: components["schemas"]["ApplicantEmailStatus"] | null;
            /** @description Failed attempts so far: a share code not found, a date of birth that does not match, or a code for another kind of check. The third locks the link. */
            failed_attempts: number;
            /**
             * Format: date-time
             * @description When the link stops working if it has not been used.
             */
            expires_at: string;
            /**
             * Format: date-time
             * @description When the request was made.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the request became submitted, locked, expired or cancelled; null while waiting.
             */
            ended_at: string | null;
            /** @description The check the applicant's details made, exactly as `GET /api/check/async/{check_id}` answers it (queued, running, then succeeded or failed; its `check_request_id` is this request's id); null until then. */
            check: components["schemas"]["CheckRecord"] | null;
            /** @description The organisation making the check, recorded by the portal as the checker. */
            company_name: string;
        };
        /** @description A right-to-rent check request as it stands. */
        RightToRentCheckRequest: {
            id: components["schemas"]["CheckRequestId"];
            /**
             * @description Always `right_to_rent`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            kind: "right_to_rent";
            status: components["schemas"]["CheckRequestStatus"];
            mode: components["schemas"]["Mode"];
            /**
             * Format: uri
             * @description The applicant's link. Returned only in the 201 answer that creates the request: the service keeps only a hash of its token, so every later read has null. Send it to the applicant yourself, or let the service e-mail it (applicant_email).
             */
            url: string | null;
            /** @description Your reference as sent; null when none was sent. */
            client_reference: string | null;
            /**
             * Format: uri
             * @description Where events for this request are posted, fixed when it was made; null means poll only.
             */
            callback_url: string | null;
            /** @description The applicant's e-mail as sent; null when none was sent, and once the request's personal data is deleted (7 days after it ends). */
            applicant_email: string | null;
            /** @description What became of the e-mail carrying the link: null when no applicant_email was sent; `not_sent` when this service has no mail settings (send the link yourself); `sending`, then `sent`, or `failed` when the mail server refused it or could not be reached (send the link yourself). */
            applicant_email_status: components["schemas"]["ApplicantEmailStatus"] | null;
            /** @description Failed attempts so far: a share code not found, a date of birth that does not match, or a code for another kind of check. The third locks the link. */
            failed_attempts: number;
            /**
             * Format: date-time
             * @description When the link stops working if it has not been used.
             */
            expires_at: string;
            /**
             * Format: date-time
             * @description When the request was made.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the request became submitted, locked, expired or cancelled; null while waiting.
             */
            ended_at: string | null;
            /** @description The check the applicant's details made, exactly as `GET /api/check/async/{check_id}` answers it (queued, running, then succeeded or failed; its `check_request_id` is this request's id); null until then. */
            check: components["schemas"]["CheckRecord"] | null;
            /** @description Name of the landlord or letting company making the check. */
            checker_name: string;
            checker_type: components["schemas"]["CheckerType"];
        };
        /** @description A immigration-status check request as it stands. */
        ImmigrationStatusCheckRequest: {
            id: components["schemas"]["CheckRequestId"];
            /**
             * @description Always `immigration_status`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            kind: "immigration_status";
            status: components["schemas"]["CheckRequestStatus"];
            mode: components["schemas"]["Mode"];
            /**
             * Format: uri
             * @description The applicant's link. Returned only in the 201 answer that creates the request: the service keeps only a hash of its token, so every later read has null. Send it to the applicant yourself, or let the service e-mail it (applicant_email).
             */
            url: string | null;
            /** @description Your reference as sent; null when none was sent. */
            client_reference: string | null;
            /**
             * Format: uri
             * @description Where events for this request are posted, fixed when it was made; null means poll only.
             */
            callback_url: string | null;
            /** @description The applicant's e-mail as sent; null when none was sent, and once the request's personal data is deleted (7 days after it ends). */
            applicant_email: string | null;
            /** @description What became of the e-mail carrying the link: null when no applicant_email was sent; `not_sent` when this service has no mail settings (send the link yourself); `sending`, then `sent`, or `failed` when the mail server refused it or could not be reached (send the link yourself). */
            applicant_email_status: components["schemas"]["ApplicantEmailStatus"] | null;
            /** @description Failed attempts so far: a share code not found, a date of birth that does not match, or a code for another kind of check. The third locks the link. */
            failed_attempts: number;
            /**
             * Format: date-time
             * @description When the link stops working if it has not been used.
             */
            expires_at: string;
            /**
             * Format: date-time
             * @description When the request was made.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the request became submitted, locked, expired or cancelled; null while waiting.
             */
            ended_at: string | null;
            /** @description The check the applicant's details made, exactly as `GET /api/check/async/{check_id}` answers it (queued, running, then succeeded or failed; its `check_request_id` is this request's id); null until then. */
            check: components["schemas"]["CheckRecord"] | null;
            /** @description The organisation making the check, including the local office or branch name. */
            company_name: string;
            /** @description Job title of the person making the check. */
            job_title: string;
            purpose: components["schemas"]["Purpose"];
            /** @description Why you are checking, in your words. Required when purpose is `other`; refused otherwise. */
            other_purpose?: string;
        };
        /** @description A check request as it stands; `kind` says which check, and which checker fields it carries. */
        CheckRequest: components["schemas"]["RightToWorkCheckRequest"] | components["schemas"]["RightToRentCheckRequest"] | components["schemas"]["ImmigrationStatusCheckRequest"];
        /** @description One page of check requests, newest first. */
        CheckRequestList: {
            data: components["schemas"]["CheckRequest"][];
            /** @description Send it as `cursor` to read the next page; null on the last page. */
            next_cursor: string | null;
        };
        /** @description Sent when a check request ends unused: it expired, or 3 failed attempts locked it. Chase the applicant, or make a new request. */
        CheckRequestEndedEvent: {
            /**
             * @description Which end.
             * @enum {string}
             */
            type: "check_request.expired" | "check_request.locked";
            /**
             * Format: date-time
             * @description When the event was created.
             */
            created_at: string;
            /** @description The request as it stood when the event was created. */
            data: components["schemas"]["CheckRequest"];
        };
    };
    responses: {
        /** @description The check ran; the result is in the body. */
        RightToWorkChecked: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["RightToWorkResult"];
            };
        };
        /** @description The check ran; the result is in the body. */
        RightToRentChecked: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["RightToRentResult"];
            };
        };
        /** @description The check ran; the result is in the body. */
        ImmigrationStatusChecked: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ImmigrationStatusResult"];
            };
        };
        /** @description A new right-to-work check was queued. Read it at the Location URL, or wait for the webhook. */
        RightToWorkCheckQueued: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                Location: components["headers"]["RightToWorkLocation"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["CheckRecord"];
            };
        };
        /** @description A new right-to-rent check was queued. Read it at the Location URL, or wait for the webhook. */
        RightToRentCheckQueued: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                Location: components["headers"]["RightToRentLocation"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["CheckRecord"];
            };
        };
        /** @description A new immigration-status check was queued. Read it at the Location URL, or wait for the webhook. */
        ImmigrationStatusCheckQueued: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                Location: components["headers"]["ImmigrationStatusLocation"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["CheckRecord"];
            };
        };
        /** @description The Idempotency-Key was used before for this request: the first right-to-work check, as it stands now. No second check is run or charged. */
        RightToWorkCheckReplayed: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["CheckRecord"];
            };
        };
        /** @description The Idempotency-Key was used before for this request: the first right-to-rent check, as it stands now. No second check is run or charged. */
        RightToRentCheckReplayed: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["CheckRecord"];
            };
        };
        /** @description The Idempotency-Key was used before for this request: the first immigration-status check, as it stands now. No second check is run or charged. */
        ImmigrationStatusCheckReplayed: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["CheckRecord"];
            };
        };
        /** @description The check as it stands, of any kind. */
        CheckFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["CheckRecord"];
            };
        };
        /** @description The right-to-work check as it stands. */
        RightToWorkCheckFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["CheckRecord"];
            };
        };
        /** @description The right-to-rent check as it stands. */
        RightToRentCheckFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["CheckRecord"];
            };
        };
        /** @description The immigration-status check as it stands. */
        ImmigrationStatusCheckFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["CheckRecord"];
            };
        };
        /** @description Invalid input; the message names the field. Fix it; do not retry as is. */
        InvalidInput: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Invalid input or Idempotency-Key; the message names the field or header. Fix it; do not retry as is. */
        InvalidAsyncInput: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description No API key, or the key is not valid. */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Live checks are not available on this account until it is upgraded or paid. */
        PaymentRequired: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description The portal did not find the applicant: ask them to confirm their details. */
        ShareCodeNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description No such check for this key's account and mode (a sandbox key cannot read a live check, nor the reverse). */
        CheckNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Too many requests: wait Retry-After seconds, then retry. */
        RateLimited: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Server fault: retry, then contact support quoting X-Request-Id. */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description The portal returned an unexpected page: retry later. */
        UpstreamUnexpected: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description The service cannot take the request now: all check slots are in use, it is shutting down, or it cannot reach its database. Retry after Retry-After seconds; this answer is never charged. */
        Busy: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description The portal was too slow: safe to retry. */
        Timeout: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description The request was made: send `url` to the applicant (it is shown only here). */
        CheckRequestCreated: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                /** @description The request's address: `/api/check-requests/{id}`. */
                Location?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["CheckRequest"];
            };
        };
        /** @description The check request as it stands. */
        CheckRequestFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["CheckRequest"];
            };
        };
        /** @description A page of check requests of this key's account and mode, newest first. */
        CheckRequestListed: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["CheckRequestList"];
            };
        };
        /** @description No such check request for this key's account and mode */
        CheckRequestNotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description The request cannot be cancelled: it already ended, or a check of its applicant's details is running */
        CheckRequestClosed: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Bad input: the message names the field. */
        InvalidCheckRequestInput: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
    };
    parameters: {
        /**
         * @description Your unique key for this intended check (1 to 255 characters). Sending the same key again returns the first check with 200 and does not run or charge a second one; the same key with a different request body is refused with 400 INVALID_INPUT naming Idempotency-Key. Keys are scoped to the account and mode, and remembered as long as the check exists (30 days).
         * @example onboarding-48213-rtw-1
         */
        IdempotencyKey: string;
        /**
         * @description The check id from the POST's body or Location header. An id of another shape, or one that does not belong to this key's account and mode, answers 404 CHECK_NOT_FOUND.
         * @example chk_3fK9pQ2mX7vL1nR8tY4wZ6bC0dE5gH2j
         */
        CheckId: string;
        /**
         * @description Event id, identical on every attempt of the same event; de-duplicate on it.
         * @example evt_2bX7kP9qR4sT1uV6wY3zA8cD5eF0gH7j
         */
        WebhookId: string;
        /**
         * @description Unix time in seconds of this attempt. Refuse an event more than 5 minutes old.
         * @example 1772446527
         */
        WebhookTimestamp: string;
        /**
         * @description Space-separated signatures, each `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of your `whsec_` secret after the prefix (Standard Webhooks). Accept the event if any entry matches, compared in constant time.
         * @example v1,/FHTBHdzXA3C65+Ym8rkxezAHGfq9/R1qIFnpqfU1a8=
         */
        WebhookSignature: string;
        /**
         * @description Identifies the webhook sender; the trailing `/1` is the webhook format version.
         * @example ShareCode-Webhooks/1
         */
        WebhookUserAgent: "ShareCode-Webhooks/1";
        /**
         * @description The request id from the POST's body. An id of another shape, or one that does not belong to this key's account and mode, answers 404 CHECK_REQUEST_NOT_FOUND.
         * @example creq_7hG2kL9mN4pQ1rS6tV3wX8yZ0aB5cD2e
         */
        CheckRequestIdParam: components["schemas"]["CheckRequestId"];
    };
    requestBodies: never;
    headers: {
        /** @description Server-generated id of this request; quote it in support requests. */
        "X-Request-Id": string;
        /**
         * @description Live keys only; absent for test keys. Live checks included each month in the account's plan.
         * @example 100
         */
        "X-RateLimit-Limit": number;
        /**
         * @description Live keys only; absent for test keys. Included live checks left this month.
         * @example 42
         */
        "X-RateLimit-Remaining": number;
        /**
         * @description Live keys only; absent for test keys. When the included checks reset, as a Unix timestamp in seconds.
         * @example 1775001600
         */
        "X-RateLimit-Reset": number;
        /**
         * @description How many seconds to wait before retrying.
         * @example 2
         */
        "Retry-After": number;
        /**
         * @description Where to read the check: `/api/check/async/{check_id}`.
         * @example /api/check/async/chk_3fK9pQ2mX7vL1nR8tY4wZ6bC0dE5gH2j
         */
        RightToWorkLocation: string;
        /**
         * @description Where to read the check: `/api/check/right-to-rent/async/{check_id}`.
         * @example /api/check/right-to-rent/async/chk_8Hs2LqW5eT9yU3iO7pA1sD4fG6hJ0kZx
         */
        RightToRentLocation: string;
        /**
         * @description Where to read the check: `/api/check/immigration-status/async/{check_id}`.
         * @example /api/check/immigration-status/async/chk_Qm4Nb7Vc2Xz5Lk8Jh1Gf3Ds6Ap9Ow0Ie
         */
        ImmigrationStatusLocation: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    checkRightToWork: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RightToWorkRequest"];
            };
        };
        responses: {
            200: components["responses"]["RightToWorkChecked"];
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            404: components["responses"]["ShareCodeNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamUnexpected"];
            503: components["responses"]["Busy"];
            504: components["responses"]["Timeout"];
        };
    };
    checkRightToWorkAlias: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RightToWorkRequest"];
            };
        };
        responses: {
            200: components["responses"]["RightToWorkChecked"];
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            404: components["responses"]["ShareCodeNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamUnexpected"];
            503: components["responses"]["Busy"];
            504: components["responses"]["Timeout"];
        };
    };
    checkRightToRent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RightToRentRequest"];
            };
        };
        responses: {
            200: components["responses"]["RightToRentChecked"];
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            404: components["responses"]["ShareCodeNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamUnexpected"];
            503: components["responses"]["Busy"];
            504: components["responses"]["Timeout"];
        };
    };
    checkImmigrationStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImmigrationStatusRequest"];
            };
        };
        responses: {
            200: components["responses"]["ImmigrationStatusChecked"];
            400: components["responses"]["InvalidInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            404: components["responses"]["ShareCodeNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            502: components["responses"]["UpstreamUnexpected"];
            503: components["responses"]["Busy"];
            504: components["responses"]["Timeout"];
        };
    };
    createRightToWorkCheck: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your unique key for this intended check (1 to 255 characters). Sending the same key again returns the first check with 200 and does not run or charge a second one; the same key with a different request body is refused with 400 INVALID_INPUT naming Idempotency-Key. Keys are scoped to the account and mode, and remembered as long as the check exists (30 days).
                 * @example onboarding-48213-rtw-1
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RightToWorkAsyncRequest"];
            };
        };
        responses: {
            200: components["responses"]["RightToWorkCheckReplayed"];
            202: components["responses"]["RightToWorkCheckQueued"];
            400: components["responses"]["InvalidAsyncInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Busy"];
        };
    };
    createRightToWorkCheckAlias: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your unique key for this intended check (1 to 255 characters). Sending the same key again returns the first check with 200 and does not run or charge a second one; the same key with a different request body is refused with 400 INVALID_INPUT naming Idempotency-Key. Keys are scoped to the account and mode, and remembered as long as the check exists (30 days).
                 * @example onboarding-48213-rtw-1
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RightToWorkAsyncRequest"];
            };
        };
        responses: {
            200: components["responses"]["RightToWorkCheckReplayed"];
            202: components["responses"]["RightToWorkCheckQueued"];
            400: components["responses"]["InvalidAsyncInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Busy"];
        };
    };
    createRightToRentCheck: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your unique key for this intended check (1 to 255 characters). Sending the same key again returns the first check with 200 and does not run or charge a second one; the same key with a different request body is refused with 400 INVALID_INPUT naming Idempotency-Key. Keys are scoped to the account and mode, and remembered as long as the check exists (30 days).
                 * @example onboarding-48213-rtw-1
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RightToRentAsyncRequest"];
            };
        };
        responses: {
            200: components["responses"]["RightToRentCheckReplayed"];
            202: components["responses"]["RightToRentCheckQueued"];
            400: components["responses"]["InvalidAsyncInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Busy"];
        };
    };
    createImmigrationStatusCheck: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Your unique key for this intended check (1 to 255 characters). Sending the same key again returns the first check with 200 and does not run or charge a second one; the same key with a different request body is refused with 400 INVALID_INPUT naming Idempotency-Key. Keys are scoped to the account and mode, and remembered as long as the check exists (30 days).
                 * @example onboarding-48213-rtw-1
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImmigrationStatusAsyncRequest"];
            };
        };
        responses: {
            200: components["responses"]["ImmigrationStatusCheckReplayed"];
            202: components["responses"]["ImmigrationStatusCheckQueued"];
            400: components["responses"]["InvalidAsyncInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Busy"];
        };
    };
    getCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The check id from the POST's body or Location header. An id of another shape, or one that does not belong to this key's account and mode, answers 404 CHECK_NOT_FOUND.
                 * @example chk_3fK9pQ2mX7vL1nR8tY4wZ6bC0dE5gH2j
                 */
                check_id: components["parameters"]["CheckId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["CheckFound"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["CheckNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Busy"];
        };
    };
    getRightToWorkCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The check id from the POST's body or Location header. An id of another shape, or one that does not belong to this key's account and mode, answers 404 CHECK_NOT_FOUND.
                 * @example chk_3fK9pQ2mX7vL1nR8tY4wZ6bC0dE5gH2j
                 */
                check_id: components["parameters"]["CheckId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["RightToWorkCheckFound"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["CheckNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Busy"];
        };
    };
    getRightToRentCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The check id from the POST's body or Location header. An id of another shape, or one that does not belong to this key's account and mode, answers 404 CHECK_NOT_FOUND.
                 * @example chk_3fK9pQ2mX7vL1nR8tY4wZ6bC0dE5gH2j
                 */
                check_id: components["parameters"]["CheckId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["RightToRentCheckFound"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["CheckNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Busy"];
        };
    };
    getImmigrationStatusCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The check id from the POST's body or Location header. An id of another shape, or one that does not belong to this key's account and mode, answers 404 CHECK_NOT_FOUND.
                 * @example chk_3fK9pQ2mX7vL1nR8tY4wZ6bC0dE5gH2j
                 */
                check_id: components["parameters"]["CheckId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ImmigrationStatusCheckFound"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["CheckNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Busy"];
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description This OpenAPI document. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service is up. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Always `ok`.
                         * @constant
                         */
                        status: "ok";
                    };
                };
            };
        };
    };
    listCheckRequests: {
        parameters: {
            query?: {
                /** @description Only requests with this status. */
                status?: components["schemas"]["CheckRequestStatus"];
                /** @description Requests a page (1 to 100, default 20). */
                limit?: number;
                /** @description The previous page's `next_cursor`. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["CheckRequestListed"];
            400: components["responses"]["InvalidCheckRequestInput"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Busy"];
        };
    };
    createCheckRequest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CheckRequestCreate"];
            };
        };
        responses: {
            201: components["responses"]["CheckRequestCreated"];
            400: components["responses"]["InvalidCheckRequestInput"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Busy"];
        };
    };
    getCheckRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The request id from the POST's body. An id of another shape, or one that does not belong to this key's account and mode, answers 404 CHECK_REQUEST_NOT_FOUND.
                 * @example creq_7hG2kL9mN4pQ1rS6tV3wX8yZ0aB5cD2e
                 */
                request_id: components["parameters"]["CheckRequestIdParam"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["CheckRequestFound"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["CheckRequestNotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Busy"];
        };
    };
    cancelCheckRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The request id from the POST's body. An id of another shape, or one that does not belong to this key's account and mode, answers 404 CHECK_REQUEST_NOT_FOUND.
                 * @example creq_7hG2kL9mN4pQ1rS6tV3wX8yZ0aB5cD2e
                 */
                request_id: components["parameters"]["CheckRequestIdParam"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["CheckRequestFound"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["CheckRequestNotFound"];
            409: components["responses"]["CheckRequestClosed"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Busy"];
        };
    };
    onCheckSucceeded: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Event id, identical on every attempt of the same event; de-duplicate on it.
                 * @example evt_2bX7kP9qR4sT1uV6wY3zA8cD5eF0gH7j
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Unix time in seconds of this attempt. Refuse an event more than 5 minutes old.
                 * @example 1772446527
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated signatures, each `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of your `whsec_` secret after the prefix (Standard Webhooks). Accept the event if any entry matches, compared in constant time.
                 * @example v1,/FHTBHdzXA3C65+Ym8rkxezAHGfq9/R1qIFnpqfU1a8=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description Identifies the webhook sender; the trailing `/1` is the webhook format version.
                 * @example ShareCode-Webhooks/1
                 */
                "User-Agent": components["parameters"]["WebhookUserAgent"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CheckSucceededEvent"];
            };
        };
        responses: {
            /** @description Delivered: any 2xx answer within 10 seconds. The response body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not delivered: any other status, a redirect (not followed) or no answer within 10 seconds. Tried up to 8 times in all: at once, then after 30 s, 2 min, 10 min, 1 h, 3 h, 6 h and 12 h; then shown as given up on the dashboard. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCheckFailed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Event id, identical on every attempt of the same event; de-duplicate on it.
                 * @example evt_2bX7kP9qR4sT1uV6wY3zA8cD5eF0gH7j
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Unix time in seconds of this attempt. Refuse an event more than 5 minutes old.
                 * @example 1772446527
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated signatures, each `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of your `whsec_` secret after the prefix (Standard Webhooks). Accept the event if any entry matches, compared in constant time.
                 * @example v1,/FHTBHdzXA3C65+Ym8rkxezAHGfq9/R1qIFnpqfU1a8=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description Identifies the webhook sender; the trailing `/1` is the webhook format version.
                 * @example ShareCode-Webhooks/1
                 */
                "User-Agent": components["parameters"]["WebhookUserAgent"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CheckFailedEvent"];
            };
        };
        responses: {
            /** @description Delivered: any 2xx answer within 10 seconds. The response body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not delivered: any other status, a redirect (not followed) or no answer within 10 seconds. Tried up to 8 times in all: at once, then after 30 s, 2 min, 10 min, 1 h, 3 h, 6 h and 12 h; then shown as given up on the dashboard. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCheckTest: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Event id, identical on every attempt of the same event; de-duplicate on it.
                 * @example evt_2bX7kP9qR4sT1uV6wY3zA8cD5eF0gH7j
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Unix time in seconds of this attempt. Refuse an event more than 5 minutes old.
                 * @example 1772446527
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated signatures, each `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of your `whsec_` secret after the prefix (Standard Webhooks). Accept the event if any entry matches, compared in constant time.
                 * @example v1,/FHTBHdzXA3C65+Ym8rkxezAHGfq9/R1qIFnpqfU1a8=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description Identifies the webhook sender; the trailing `/1` is the webhook format version.
                 * @example ShareCode-Webhooks/1
                 */
                "User-Agent": components["parameters"]["WebhookUserAgent"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CheckTestEvent"];
            };
        };
        responses: {
            /** @description Delivered: any 2xx answer within 10 seconds. The response body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not delivered: any other status, a redirect (not followed) or no answer within 10 seconds. A test event is tried once; the dashboard shows the answer. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCheckRequestExpired: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Event id, identical on every attempt of the same event; de-duplicate on it.
                 * @example evt_2bX7kP9qR4sT1uV6wY3zA8cD5eF0gH7j
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Unix time in seconds of this attempt. Refuse an event more than 5 minutes old.
                 * @example 1772446527
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated signatures, each `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of your `whsec_` secret after the prefix (Standard Webhooks). Accept the event if any entry matches, compared in constant time.
                 * @example v1,/FHTBHdzXA3C65+Ym8rkxezAHGfq9/R1qIFnpqfU1a8=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description Identifies the webhook sender; the trailing `/1` is the webhook format version.
                 * @example ShareCode-Webhooks/1
                 */
                "User-Agent": components["parameters"]["WebhookUserAgent"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CheckRequestEndedEvent"];
            };
        };
        responses: {
            /** @description Delivered: any 2xx answer within 10 seconds. The response body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not delivered: any other status, a redirect (not followed) or no answer within 10 seconds. Tried up to 8 times in all: at once, then after 30 s, 2 min, 10 min, 1 h, 3 h, 6 h and 12 h; then shown as given up on the dashboard. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onCheckRequestLocked: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Event id, identical on every attempt of the same event; de-duplicate on it.
                 * @example evt_2bX7kP9qR4sT1uV6wY3zA8cD5eF0gH7j
                 */
                "webhook-id": components["parameters"]["WebhookId"];
                /**
                 * @description Unix time in seconds of this attempt. Refuse an event more than 5 minutes old.
                 * @example 1772446527
                 */
                "webhook-timestamp": components["parameters"]["WebhookTimestamp"];
                /**
                 * @description Space-separated signatures, each `v1,` then the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` keyed with the base64-decoded part of your `whsec_` secret after the prefix (Standard Webhooks). Accept the event if any entry matches, compared in constant time.
                 * @example v1,/FHTBHdzXA3C65+Ym8rkxezAHGfq9/R1qIFnpqfU1a8=
                 */
                "webhook-signature": components["parameters"]["WebhookSignature"];
                /**
                 * @description Identifies the webhook sender; the trailing `/1` is the webhook format version.
                 * @example ShareCode-Webhooks/1
                 */
                "User-Agent": components["parameters"]["WebhookUserAgent"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CheckRequestEndedEvent"];
            };
        };
        responses: {
            /** @description Delivered: any 2xx answer within 10 seconds. The response body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not delivered: any other status, a redirect (not followed) or no answer within 10 seconds. Tried up to 8 times in all: at once, then after 30 s, 2 min, 10 min, 1 h, 3 h, 6 h and 12 h; then shown as given up on the dashboard. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}

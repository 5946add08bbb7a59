/** Every error the API can answer with. The UI maps each code to a translated message. */
export const ErrorCode = {
  /** The request body, query or headers failed validation; `value.issues` lists the fields. */
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  /** No session token, or the token is expired or revoked. */
  NOT_LOGGED_IN: 'NOT_LOGGED_IN',
  /** The caller's role may not use this route or record. */
  FORBIDDEN: 'FORBIDDEN',
  /** A trial account tried a member-only action (SPEC key in_need_true_account). */
  IN_NEED_TRUE_ACCOUNT: 'IN_NEED_TRUE_ACCOUNT',
  /** The path or record does not exist. */
  NOT_FOUND: 'NOT_FOUND',
  /** The `Merchant` header or request host names no known merchant. */
  UNKNOWN_MERCHANT: 'UNKNOWN_MERCHANT',
  /** The same idempotency key was sent with a different body. */
  DUPLICATE_TRANSACTION: 'DUPLICATE_TRANSACTION',
  /** The caller sent too many requests; retry after `Retry-After` seconds. */
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  /** The platform is in maintenance. */
  SYSTEM_MAINTENANCE: 'SYSTEM_MAINTENANCE',
  /** A service the server cannot work without (the database) does not answer (readiness). */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** The caller's location or IP is restricted (page blockip). */
  REGION_RESTRICTED: 'REGION_RESTRICTED',
  /** Username or password is wrong. */
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  /** A captcha answer is required for this attempt; `value.captchaRequired` is true. */
  CAPTCHA_REQUIRED: 'CAPTCHA_REQUIRED',
  /** The captcha answer is wrong, used or expired. */
  INVALID_CAPTCHA: 'INVALID_CAPTCHA',
  /** Too many failed logins or an operator lock; `value.retryAfterSeconds` says when to retry. */
  ACCOUNT_LOCKED: 'ACCOUNT_LOCKED',
  /** The terms and the 21+ confirmation were not ticked. */
  TERMS_NOT_ACCEPTED: 'TERMS_NOT_ACCEPTED',
  /** Another account of this merchant has this username. */
  USERNAME_TAKEN: 'USERNAME_TAKEN',
  /** Another account of this merchant has this mobile number. */
  MOBILE_TAKEN: 'MOBILE_TAKEN',
  /** The confirmation differs from the new password (SPEC: inconsistent twice). */
  PASSWORD_MISMATCH: 'PASSWORD_MISMATCH',
  /** The old password is wrong. */
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  /** The affiliate or invitation code does not exist. */
  INVITATION_CODE_ERROR: 'INVITATION_CODE_ERROR',
  /** The merchant has switched this function off. */
  FUNCTION_NOT_ENABLED: 'FUNCTION_NOT_ENABLED',
  /** The mobile number does not match the rule. */
  INVALID_PHONE: 'INVALID_PHONE',
  /** The verification code is wrong or missing. */
  CODE_INVALID: 'CODE_INVALID',
  /** The verification code has expired or was used up; request a new one. */
  CODE_EXPIRED: 'CODE_EXPIRED',
  /** The SMS or email provider refused for lack of quota. */
  QUOTA_NOT_SUFFICIENT: 'QUOTA_NOT_SUFFICIENT',
  /** No account has this username and email or mobile. */
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  /** This account cannot log in to the member site. */
  NOT_MEMBER_ACCOUNT: 'NOT_MEMBER_ACCOUNT',
  /** Only agents can log in to the agent area. */
  NOT_AGENT_ACCOUNT: 'NOT_AGENT_ACCOUNT',
  /** Login from an address the member never used; `value` lists the methods. */
  SECOND_VERIFICATION_REQUIRED: 'SECOND_VERIFICATION_REQUIRED',
  /** The person is on the restricted-persons list. */
  RESTRICTED_PERSON: 'RESTRICTED_PERSON',
  /**
   * The account must set a new password first (an agent-created account's first login, an
   * operator's reset): only the password change, member info and sign-out answer until then.
   */
  PASSWORD_CHANGE_REQUIRED: 'PASSWORD_CHANGE_REQUIRED',
  /** The birthday is less than 21 years ago (SPEC key local_age_21). */
  UNDER_AGE: 'UNDER_AGE',
  /** The member excluded themself until `value.until`: no new play or money, withdrawing stays open. */
  SELF_EXCLUDED: 'SELF_EXCLUDED',
  /** An encrypted call carried a body the server key cannot open. */
  DECRYPTION_FAILED: 'DECRYPTION_FAILED',
  /** The front image of the ID is missing (SPEC key please_upload_front). */
  PLEASE_UPLOAD_FRONT: 'PLEASE_UPLOAD_FRONT',
  /** The back image of the ID is missing (SPEC key please_upload_back). */
  PLEASE_UPLOAD_BACK: 'PLEASE_UPLOAD_BACK',
  /** The selfie with the ID is missing (SPEC key please_upload_selfie). */
  PLEASE_UPLOAD_SELFIE: 'PLEASE_UPLOAD_SELFIE',
  /** The file is not a JPEG or PNG image (SPEC key activity_apply_remark_limit2); `value.field` names it. */
  UPLOAD_FILE_TYPE: 'UPLOAD_FILE_TYPE',
  /** The file is larger than 5 MB (SPEC key activity_apply_remark_limit3); `value.field` names it. */
  UPLOAD_TOO_LARGE: 'UPLOAD_TOO_LARGE',
  /** Images were sent before the personal information was saved. */
  KYC_INFO_MISSING: 'KYC_INFO_MISSING',
  /** The verification is approved; it can no longer be changed by the member. */
  KYC_ALREADY_APPROVED: 'KYC_ALREADY_APPROVED',
  /** An authenticator app is already bound; unbind it before binding another. */
  AUTHENTICATOR_ALREADY_BOUND: 'AUTHENTICATOR_ALREADY_BOUND',
  /** Facebook or Google sign-in failed: refused at the provider, expired, or not from this browser. */
  SOCIAL_SIGN_IN_FAILED: 'SOCIAL_SIGN_IN_FAILED',
  /** No account is linked to this Facebook or Google account and registration is closed. */
  SOCIAL_ACCOUNT_NOT_FOUND: 'SOCIAL_ACCOUNT_NOT_FOUND',
  /** The wallet holds less than the amount; nothing moved. `value.balance` is what it holds. */
  INSUFFICIENT_BALANCE: 'INSUFFICIENT_BALANCE',
  /** The held amount was already paid out or released; nothing moved. */
  HOLD_NOT_PENDING: 'HOLD_NOT_PENDING',
  /** The amount is outside the channel's limits; `value.min` and `value.max` say what is allowed. */
  AMOUNT_OUT_OF_RANGE: 'AMOUNT_OUT_OF_RANGE',
  /** The deposit channel does not exist, is switched off or cannot be used this way. */
  CHANNEL_UNAVAILABLE: 'CHANNEL_UNAVAILABLE',
  /** The deposit was already decided or paid; nothing moved. `value.status` is its status. */
  DEPOSIT_NOT_PENDING: 'DEPOSIT_NOT_PENDING',
  /** A payment gateway's callback was refused (signature, time, amount...); `value.reason` says why. */
  CALLBACK_REJECTED: 'CALLBACK_REJECTED',
  /** The account has no payment password yet; it is set in the security centre. */
  PAYMENT_PASSWORD_NOT_SET: 'PAYMENT_PASSWORD_NOT_SET',
  /** The payment password is wrong; repeated failures are throttled (TOO_MANY_REQUESTS). */
  WRONG_PAYMENT_PASSWORD: 'WRONG_PAYMENT_PASSWORD',
  /** The amount would pass today's transfer limit; `value.remaining` is what is left today. */
  DAILY_LIMIT_EXCEEDED: 'DAILY_LIMIT_EXCEEDED',
  /** Identity verification (KYC) is needed first: payout accounts must be in your verified name. */
  KYC_REQUIRED: 'KYC_REQUIRED',
  /** The account name differs from the KYC real name (case and spaces aside). */
  PAYOUT_ACCOUNT_NAME_MISMATCH: 'PAYOUT_ACCOUNT_NAME_MISMATCH',
  /** The member has bound as many payout accounts as allowed; `value.max` is the limit. */
  PAYOUT_ACCOUNT_LIMIT: 'PAYOUT_ACCOUNT_LIMIT',
  /** This payout account is already bound. */
  PAYOUT_ACCOUNT_EXISTS: 'PAYOUT_ACCOUNT_EXISTS',
  /** Bonus turnover is still owed; `value.remaining` is the valid-bet amount left. */
  TURNOVER_NOT_MET: 'TURNOVER_NOT_MET',
  /** Today's number of withdrawals is used up (Asia/Manila day); `value.limit`. */
  WITHDRAWAL_COUNT_EXCEEDED: 'WITHDRAWAL_COUNT_EXCEEDED',
  /** The amount would pass today's withdrawal total; `value.remaining` is what is left today. */
  WITHDRAWAL_AMOUNT_EXCEEDED: 'WITHDRAWAL_AMOUNT_EXCEEDED',
  /** The withdrawal was already decided; nothing moved. `value.status` is its status. */
  WITHDRAWAL_NOT_PENDING: 'WITHDRAWAL_NOT_PENDING',
  /** Only a processing withdrawal whose payout call got no answer can be asked again; `value.status`. */
  WITHDRAWAL_NOT_RETRYABLE: 'WITHDRAWAL_NOT_RETRYABLE',
  /** The withdrawal is not paid out, or its receipt was already confirmed (by the member or automatically). */
  RECEIPT_NOT_OPEN: 'RECEIPT_NOT_OPEN',
  /** The payout gateway did not answer; the withdrawal stays in processing until it does. */
  PAYOUT_UNAVAILABLE: 'PAYOUT_UNAVAILABLE',
  /** No account of that name in the agent's own downline (says nothing about other accounts). */
  DOWNLINE_NOT_FOUND: 'DOWNLINE_NOT_FOUND',
  /** The account has no upline to transfer to. */
  NO_UPLINE: 'NO_UPLINE',
  /** The game or its vendor is under maintenance; `value.suggestions` lists other games to play. */
  GAME_MAINTENANCE: 'GAME_MAINTENANCE',
  /** The vendor did not answer the launch call or answered without a game URL; nothing was played. */
  GAME_LAUNCH_FAILED: 'GAME_LAUNCH_FAILED',
  /** A transfer with a game (vendor) wallet waits for the vendor's confirmation; it settles by itself. */
  GAME_WALLET_TRANSFER_PENDING: 'GAME_WALLET_TRANSFER_PENDING',
  /** The game vendor refused the transfer or could not be reached; nothing moved in the end. */
  GAME_WALLET_TRANSFER_FAILED: 'GAME_WALLET_TRANSFER_FAILED',
  /** The balance adjustment was already approved or rejected; nothing moved. `value.status` is its status. */
  ADJUSTMENT_NOT_PENDING: 'ADJUSTMENT_NOT_PENDING',
  /** An operator cannot approve or reject its own adjustment, nor disable itself or reset its own TOTP (four eyes). */
  SELF_ACTION_FORBIDDEN: 'SELF_ACTION_FORBIDDEN',
  /** The new agent is not an agent account, or is the member itself or in its downline; nothing moved. */
  INVALID_AGENT_MOVE: 'INVALID_AGENT_MOVE',
  /** An account with a downline must stay an agent type; move its downline first. */
  AGENT_HAS_DOWNLINE: 'AGENT_HAS_DOWNLINE',
  /** The KYC submission is not waiting for a decision (or its images are missing); nothing changed. */
  KYC_NOT_PENDING: 'KYC_NOT_PENDING',
  /** The restricted-persons CSV has bad lines; nothing was imported. `value.errors` lists them. */
  RESTRICTED_IMPORT_INVALID: 'RESTRICTED_IMPORT_INVALID',
  /** The target of a contract offer is in the caller's team but not a direct downline. */
  CONTRACT_NOT_DIRECT_DOWNLINE: 'CONTRACT_NOT_DIRECT_DOWNLINE',
  /** Contracts are offered to agent accounts only. */
  CONTRACT_NOT_AGENT: 'CONTRACT_NOT_AGENT',
  /** A rate is not whole basis points between 0 and the merchant's tier maximum; `value.tier` names the tier. */
  CONTRACT_RATE_OUT_OF_RANGE: 'CONTRACT_RATE_OUT_OF_RANGE',
  /** A rate is higher than the offerer's own rate on that tier (or it holds no such contract); `value.tier`. */
  CONTRACT_RATE_ABOVE_OWN: 'CONTRACT_RATE_ABOVE_OWN',
  /** The dividend pay period is not allowed by the merchant or differs from the offerer's own. */
  CONTRACT_PERIOD_NOT_ALLOWED: 'CONTRACT_PERIOD_NOT_ALLOWED',
  /** Accepting ends the downline contracts in `value.ends` (rates above the new one); confirm to proceed. */
  CONTRACT_CONFLICT: 'CONTRACT_CONFLICT',
  /** No contract with this id of which the caller is the upline or the downline. */
  CONTRACT_NOT_FOUND: 'CONTRACT_NOT_FOUND',
  /** The offer or request was already answered (or withdrawn); nothing changed. `value.status`. */
  CONTRACT_NOT_PENDING: 'CONTRACT_NOT_PENDING',
  /** Only a contract in force can be terminated; nothing changed. `value.status`. */
  CONTRACT_NOT_ACTIVE: 'CONTRACT_NOT_ACTIVE',
  /** An offer of this type to this agent, or a termination request, already waits for an answer. */
  CONTRACT_REQUEST_PENDING: 'CONTRACT_REQUEST_PENDING',
  /** No termination request waits on this contract for the caller's answer; nothing changed. */
  CONTRACT_NO_TERMINATION_REQUEST: 'CONTRACT_NO_TERMINATION_REQUEST',
  /** The operator answers termination requests only on contracts it offered (top-level agents). */
  CONTRACT_NOT_OPERATOR_OFFERED: 'CONTRACT_NOT_OPERATOR_OFFERED',
  /** Only a dividend contract has a carry to reset; nothing changed. */
  CONTRACT_NOT_DIVIDEND: 'CONTRACT_NOT_DIVIDEND',
  /** The dividend carry is already 0; nothing changed. */
  CONTRACT_CARRY_ZERO: 'CONTRACT_CARRY_ZERO',
  /** The vendor transfer is not unresolved (still pending, or already ended); nothing moved. `value.state` is its state. */
  VENDOR_TRANSFER_NOT_UNRESOLVED: 'VENDOR_TRANSFER_NOT_UNRESOLVED',
  /** An export would hold more rows than it may (`value.limit`, `value.total`); narrow the filters. */
  EXPORT_TOO_LARGE: 'EXPORT_TOO_LARGE',
  /** The campaign has not started, has ended, or is paused or closed. */
  PROMOTION_NOT_OPEN: 'PROMOTION_NOT_OPEN',
  /** The member fails one of the campaign's conditions; `value.reason` names it (agent, kyc, phone, account_age, vip_level, region). */
  PROMOTION_NOT_ELIGIBLE: 'PROMOTION_NOT_ELIGIBLE',
  /** The action does not fit where the member's participation stands (`value.state`, `value.action`). */
  PROMOTION_ACTION_NOT_ALLOWED: 'PROMOTION_ACTION_NOT_ALLOWED',
  /** The member already received this campaign for this period. */
  PROMOTION_ALREADY_CLAIMED: 'PROMOTION_ALREADY_CLAIMED',
  /** The campaign's budget or its number of receivers is used up. */
  PROMOTION_BUDGET_EXHAUSTED: 'PROMOTION_BUDGET_EXHAUSTED',
  /** Unexpected failure; details are in the server log, never in the response. */
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status that goes with each error code. */
export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  NOT_LOGGED_IN: 401,
  FORBIDDEN: 403,
  IN_NEED_TRUE_ACCOUNT: 403,
  NOT_FOUND: 404,
  UNKNOWN_MERCHANT: 404,
  DUPLICATE_TRANSACTION: 409,
  TOO_MANY_REQUESTS: 429,
  SYSTEM_MAINTENANCE: 503,
  SERVICE_UNAVAILABLE: 503,
  REGION_RESTRICTED: 403,
  INVALID_CREDENTIALS: 401,
  CAPTCHA_REQUIRED: 400,
  INVALID_CAPTCHA: 400,
  ACCOUNT_LOCKED: 423,
  TERMS_NOT_ACCEPTED: 400,
  USERNAME_TAKEN: 409,
  MOBILE_TAKEN: 409,
  PASSWORD_MISMATCH: 400,
  WRONG_PASSWORD: 400,
  INVITATION_CODE_ERROR: 400,
  FUNCTION_NOT_ENABLED: 403,
  INVALID_PHONE: 400,
  CODE_INVALID: 400,
  CODE_EXPIRED: 400,
  QUOTA_NOT_SUFFICIENT: 503,
  USER_NOT_FOUND: 404,
  NOT_MEMBER_ACCOUNT: 403,
  NOT_AGENT_ACCOUNT: 403,
  SECOND_VERIFICATION_REQUIRED: 403,
  RESTRICTED_PERSON: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  UNDER_AGE: 400,
  SELF_EXCLUDED: 403,
  DECRYPTION_FAILED: 400,
  PLEASE_UPLOAD_FRONT: 400,
  PLEASE_UPLOAD_BACK: 400,
  PLEASE_UPLOAD_SELFIE: 400,
  UPLOAD_FILE_TYPE: 400,
  UPLOAD_TOO_LARGE: 400,
  KYC_INFO_MISSING: 409,
  KYC_ALREADY_APPROVED: 409,
  AUTHENTICATOR_ALREADY_BOUND: 409,
  INSUFFICIENT_BALANCE: 409,
  HOLD_NOT_PENDING: 409,
  SOCIAL_SIGN_IN_FAILED: 400,
  SOCIAL_ACCOUNT_NOT_FOUND: 403,
  AMOUNT_OUT_OF_RANGE: 400,
  CHANNEL_UNAVAILABLE: 400,
  DEPOSIT_NOT_PENDING: 409,
  CALLBACK_REJECTED: 400,
  PAYMENT_PASSWORD_NOT_SET: 409,
  WRONG_PAYMENT_PASSWORD: 400,
  DAILY_LIMIT_EXCEEDED: 400,
  KYC_REQUIRED: 409,
  PAYOUT_ACCOUNT_NAME_MISMATCH: 400,
  PAYOUT_ACCOUNT_LIMIT: 409,
  PAYOUT_ACCOUNT_EXISTS: 409,
  TURNOVER_NOT_MET: 409,
  WITHDRAWAL_COUNT_EXCEEDED: 400,
  WITHDRAWAL_AMOUNT_EXCEEDED: 400,
  WITHDRAWAL_NOT_PENDING: 409,
  WITHDRAWAL_NOT_RETRYABLE: 409,
  RECEIPT_NOT_OPEN: 409,
  PAYOUT_UNAVAILABLE: 503,
  DOWNLINE_NOT_FOUND: 404,
  NO_UPLINE: 409,
  GAME_MAINTENANCE: 503,
  GAME_LAUNCH_FAILED: 502,
  GAME_WALLET_TRANSFER_PENDING: 409,
  GAME_WALLET_TRANSFER_FAILED: 502,
  ADJUSTMENT_NOT_PENDING: 409,
  SELF_ACTION_FORBIDDEN: 403,
  INVALID_AGENT_MOVE: 409,
  AGENT_HAS_DOWNLINE: 409,
  KYC_NOT_PENDING: 409,
  RESTRICTED_IMPORT_INVALID: 400,
  CONTRACT_NOT_DIRECT_DOWNLINE: 400,
  CONTRACT_NOT_AGENT: 400,
  CONTRACT_RATE_OUT_OF_RANGE: 400,
  CONTRACT_RATE_ABOVE_OWN: 400,
  CONTRACT_PERIOD_NOT_ALLOWED: 400,
  CONTRACT_CONFLICT: 409,
  CONTRACT_NOT_FOUND: 404,
  CONTRACT_NOT_PENDING: 409,
  CONTRACT_NOT_ACTIVE: 409,
  CONTRACT_REQUEST_PENDING: 409,
  CONTRACT_NO_TERMINATION_REQUEST: 409,
  CONTRACT_NOT_OPERATOR_OFFERED: 409,
  CONTRACT_NOT_DIVIDEND: 409,
  CONTRACT_CARRY_ZERO: 409,
  VENDOR_TRANSFER_NOT_UNRESOLVED: 409,
  EXPORT_TOO_LARGE: 422,
  PROMOTION_NOT_OPEN: 409,
  PROMOTION_NOT_ELIGIBLE: 403,
  PROMOTION_ACTION_NOT_ALLOWED: 409,
  PROMOTION_ALREADY_CLAIMED: 409,
  PROMOTION_BUDGET_EXHAUSTED: 409,
  INTERNAL_ERROR: 500,
};

/** Server-side messages per language; the web app has its own copies under `errors.<code>`. */
export const errorMessages: Record<ErrorCode, { EN: string; TL: string }> = {
  VALIDATION_ERROR: {
    EN: 'Some fields are not valid.',
    TL: 'May mga field na hindi tama.',
  },
  NOT_LOGGED_IN: { EN: 'Please log in first.', TL: 'Mag-log in muna.' },
  FORBIDDEN: {
    EN: 'You are not allowed to do this.',
    TL: 'Hindi ka pinapayagang gawin ito.',
  },
  IN_NEED_TRUE_ACCOUNT: {
    EN: 'You need a real account for this.',
    TL: 'Kailangan mo ng totoong account para dito.',
  },
  NOT_FOUND: { EN: 'Not found.', TL: 'Hindi nahanap.' },
  UNKNOWN_MERCHANT: { EN: 'Unknown site.', TL: 'Hindi kilalang site.' },
  DUPLICATE_TRANSACTION: {
    EN: 'This request was already made with different details.',
    TL: 'Nagawa na ang kahilingang ito na may ibang detalye.',
  },
  TOO_MANY_REQUESTS: {
    EN: 'Too many requests. Please retry after 5 minutes.',
    TL: 'Sobrang daming kahilingan. Subukang muli pagkalipas ng 5 minuto.',
  },
  SYSTEM_MAINTENANCE: { EN: 'System maintenance.', TL: 'Kasalukuyang maintenance ng system.' },
  SERVICE_UNAVAILABLE: {
    EN: 'The service is unavailable for a moment. Please try again shortly.',
    TL: 'Pansamantalang hindi available ang serbisyo. Subukang muli mamaya.',
  },
  REGION_RESTRICTED: {
    EN: 'Access is restricted from your location or IP.',
    TL: 'Pinaghihigpitan ang access mula sa iyong lokasyon o IP.',
  },
  INVALID_CREDENTIALS: {
    EN: 'Wrong username or password.',
    TL: 'Mali ang username o password.',
  },
  CAPTCHA_REQUIRED: {
    EN: 'Please enter the captcha.',
    TL: 'Pakilagay ang captcha.',
  },
  INVALID_CAPTCHA: {
    EN: 'Invalid captcha.',
    TL: 'Maling captcha.',
  },
  ACCOUNT_LOCKED: {
    EN: 'This account is locked. Please try again later or contact customer service.',
    TL: 'Naka-lock ang account na ito. Subukang muli mamaya o makipag-ugnayan sa customer service.',
  },
  TERMS_NOT_ACCEPTED: {
    EN: 'Please confirm you are 21 or older and accept the terms.',
    TL: 'Pakikumpirma na ikaw ay 21 pataas at tanggapin ang mga tuntunin.',
  },
  USERNAME_TAKEN: {
    EN: 'This username is already taken.',
    TL: 'May gumagamit na ng username na ito.',
  },
  MOBILE_TAKEN: {
    EN: 'This mobile number is already registered.',
    TL: 'Nakarehistro na ang mobile number na ito.',
  },
  PASSWORD_MISMATCH: {
    EN: 'The two passwords are inconsistent.',
    TL: 'Hindi magkatugma ang dalawang password.',
  },
  WRONG_PASSWORD: {
    EN: 'The old password is wrong.',
    TL: 'Mali ang lumang password.',
  },
  INVITATION_CODE_ERROR: {
    EN: 'Invalid invitation code.',
    TL: 'Hindi wastong invitation code.',
  },
  FUNCTION_NOT_ENABLED: {
    EN: 'This function is not enabled.',
    TL: 'Hindi naka-enable ang function na ito.',
  },
  INVALID_PHONE: {
    EN: 'Invalid mobile number.',
    TL: 'Hindi wastong mobile number.',
  },
  CODE_INVALID: {
    EN: 'The code is not valid.',
    TL: 'Hindi wasto ang code.',
  },
  CODE_EXPIRED: {
    EN: 'The code has expired. Please resend.',
    TL: 'Nag-expire na ang code. Paki-resend.',
  },
  QUOTA_NOT_SUFFICIENT: {
    EN: 'Quota not sufficient. Please contact customer service.',
    TL: 'Kulang ang quota. Makipag-ugnayan sa customer service.',
  },
  USER_NOT_FOUND: {
    EN: 'Username or email does not exist.',
    TL: 'Walang ganitong username o email.',
  },
  NOT_MEMBER_ACCOUNT: {
    EN: 'This account cannot log in here.',
    TL: 'Hindi makakapag-log in dito ang account na ito.',
  },
  NOT_AGENT_ACCOUNT: {
    EN: 'Only agents can log in to the agent area.',
    TL: 'Mga ahente lamang ang makakapag-log in sa agent area.',
  },
  SECOND_VERIFICATION_REQUIRED: {
    EN: 'Please verify it is you.',
    TL: 'Pakiberipika na ikaw ito.',
  },
  RESTRICTED_PERSON: {
    EN: 'You are not allowed to register or play.',
    TL: 'Hindi ka pinapayagang magparehistro o maglaro.',
  },
  PASSWORD_CHANGE_REQUIRED: {
    EN: 'Please set a new password before you continue.',
    TL: 'Magtakda muna ng bagong password bago magpatuloy.',
  },
  UNDER_AGE: {
    EN: 'You must be 21 or older.',
    TL: 'Dapat ikaw ay 21 pataas.',
  },
  SELF_EXCLUDED: {
    EN: 'Your account is self-excluded: until the period ends you can only withdraw your balance and see your records.',
    TL: 'Naka-self-exclude ang iyong account: hanggang matapos ang panahon, makakapag-withdraw ka lang ng iyong balanse at makikita ang iyong mga record.',
  },
  DECRYPTION_FAILED: {
    EN: 'The request could not be read. Please reload the page.',
    TL: 'Hindi mabasa ang kahilingan. Paki-reload ang pahina.',
  },
  PLEASE_UPLOAD_FRONT: {
    EN: 'Please upload the front of your ID.',
    TL: 'Paki-upload ang harap ng iyong ID.',
  },
  PLEASE_UPLOAD_BACK: {
    EN: 'Please upload the back of your ID.',
    TL: 'Paki-upload ang likod ng iyong ID.',
  },
  PLEASE_UPLOAD_SELFIE: {
    EN: 'Please upload a selfie holding your ID.',
    TL: 'Paki-upload ang selfie na hawak ang iyong ID.',
  },
  UPLOAD_FILE_TYPE: {
    EN: 'Only JPG and PNG images are accepted.',
    TL: 'JPG at PNG na larawan lamang ang tinatanggap.',
  },
  UPLOAD_TOO_LARGE: {
    EN: 'Each image must be 5 MB or smaller.',
    TL: 'Ang bawat larawan ay dapat 5 MB o mas maliit.',
  },
  KYC_INFO_MISSING: {
    EN: 'Please complete your personal information first.',
    TL: 'Pakikumpleto muna ang iyong personal na impormasyon.',
  },
  KYC_ALREADY_APPROVED: {
    EN: 'Your verification is already approved.',
    TL: 'Aprubado na ang iyong beripikasyon.',
  },
  AUTHENTICATOR_ALREADY_BOUND: {
    EN: 'An authenticator app is already linked to this account.',
    TL: 'May naka-link nang authenticator app sa account na ito.',
  },
  INSUFFICIENT_BALANCE: {
    EN: 'Your balance is not enough for this amount.',
    TL: 'Kulang ang iyong balanse para sa halagang ito.',
  },
  HOLD_NOT_PENDING: {
    EN: 'This transaction has already been completed or cancelled.',
    TL: 'Tapos na o kinansela na ang transaksyong ito.',
  },
  SOCIAL_SIGN_IN_FAILED: {
    EN: 'Sign-in with Facebook or Google did not complete. Please try again.',
    TL: 'Hindi natapos ang pag-sign in gamit ang Facebook o Google. Pakisubukang muli.',
  },
  SOCIAL_ACCOUNT_NOT_FOUND: {
    EN: 'No account is linked to this Facebook or Google account, and registration is closed.',
    TL: 'Walang account na naka-link sa Facebook o Google account na ito, at sarado ang pagpaparehistro.',
  },
  AMOUNT_OUT_OF_RANGE: {
    EN: 'The amount is outside the limits of this payment method.',
    TL: 'Ang halaga ay wala sa limitasyon ng paraan ng pagbabayad na ito.',
  },
  CHANNEL_UNAVAILABLE: {
    EN: 'This payment method is not available.',
    TL: 'Hindi available ang paraan ng pagbabayad na ito.',
  },
  DEPOSIT_NOT_PENDING: {
    EN: 'This deposit has already been processed.',
    TL: 'Naproseso na ang deposito na ito.',
  },
  CALLBACK_REJECTED: {
    EN: 'The payment notification was refused.',
    TL: 'Tinanggihan ang abiso ng pagbabayad.',
  },
  PAYMENT_PASSWORD_NOT_SET: {
    EN: 'Please set a payment password in the security centre first.',
    TL: 'Pakitakda muna ang payment password sa security centre.',
  },
  WRONG_PAYMENT_PASSWORD: {
    EN: 'The payment password is incorrect.',
    TL: 'Mali ang payment password.',
  },
  DAILY_LIMIT_EXCEEDED: {
    EN: 'This amount is over your transfer limit for today.',
    TL: 'Lampas ang halagang ito sa iyong transfer limit ngayong araw.',
  },
  KYC_REQUIRED: {
    EN: 'Complete your identity verification first: payout accounts must be in your verified name.',
    TL: 'Kumpletuhin muna ang iyong beripikasyon ng pagkakakilanlan: dapat nasa beripikadong pangalan mo ang payout account.',
  },
  PAYOUT_ACCOUNT_NAME_MISMATCH: {
    EN: 'The account name must be the same as your verified real name.',
    TL: 'Dapat kapareho ng iyong beripikadong tunay na pangalan ang pangalan ng account.',
  },
  PAYOUT_ACCOUNT_LIMIT: {
    EN: 'You have reached the maximum number of payout accounts. Remove one first.',
    TL: 'Naabot mo na ang pinakamaraming payout account. Mag-alis muna ng isa.',
  },
  PAYOUT_ACCOUNT_EXISTS: {
    EN: 'This account is already bound.',
    TL: 'Naka-bind na ang account na ito.',
  },
  TURNOVER_NOT_MET: {
    EN: 'You still need to complete the bonus turnover before withdrawing.',
    TL: 'Kailangan mo pang kumpletuhin ang bonus turnover bago mag-withdraw.',
  },
  WITHDRAWAL_COUNT_EXCEEDED: {
    EN: 'You have reached the number of withdrawals allowed today.',
    TL: 'Naabot mo na ang bilang ng withdrawal na pinapayagan ngayong araw.',
  },
  WITHDRAWAL_AMOUNT_EXCEEDED: {
    EN: 'This amount is over your withdrawal limit for today.',
    TL: 'Lampas ang halagang ito sa iyong withdrawal limit ngayong araw.',
  },
  WITHDRAWAL_NOT_PENDING: {
    EN: 'This withdrawal has already been processed.',
    TL: 'Naproseso na ang withdrawal na ito.',
  },
  WITHDRAWAL_NOT_RETRYABLE: {
    EN: 'This payout already has an answer from the gateway; there is nothing to retry.',
    TL: 'May sagot na ang gateway sa payout na ito; walang kailangang ulitin.',
  },
  RECEIPT_NOT_OPEN: {
    EN: 'The receipt of this withdrawal can no longer be changed.',
    TL: 'Hindi na mababago ang kumpirmasyon ng withdrawal na ito.',
  },
  PAYOUT_UNAVAILABLE: {
    EN: 'The payout service is not available. Please try again later.',
    TL: 'Hindi available ang payout service. Pakisubukang muli mamaya.',
  },
  DOWNLINE_NOT_FOUND: {
    EN: 'No member of that name in your downline.',
    TL: 'Walang miyembro na may ganoong pangalan sa iyong downline.',
  },
  NO_UPLINE: {
    EN: 'Your account has no upline to transfer to.',
    TL: 'Walang upline ang iyong account na mapaglilipatan.',
  },
  GAME_MAINTENANCE: {
    EN: 'This game is under maintenance. Try one of these games instead.',
    TL: 'Nasa maintenance ang larong ito. Subukan ang isa sa mga larong ito.',
  },
  GAME_LAUNCH_FAILED: {
    EN: 'The game could not be opened. Please try again later.',
    TL: 'Hindi mabuksan ang laro. Pakisubukang muli mamaya.',
  },
  GAME_WALLET_TRANSFER_PENDING: {
    EN: 'The game provider has not confirmed the transfer yet. It is settled automatically; the amount shows as in transit until then.',
    TL: 'Hindi pa kinukumpirma ng game provider ang transfer. Kusa itong maaayos; makikita ang halaga bilang nasa biyahe hanggang doon.',
  },
  GAME_WALLET_TRANSFER_FAILED: {
    EN: 'The game provider did not complete the transfer. Nothing was moved; please try again later.',
    TL: 'Hindi natapos ng game provider ang transfer. Walang nailipat; pakisubukang muli mamaya.',
  },
  ADJUSTMENT_NOT_PENDING: {
    EN: 'This adjustment has already been decided.',
    TL: 'Napagpasyahan na ang adjustment na ito.',
  },
  SELF_ACTION_FORBIDDEN: {
    EN: 'You cannot do this to your own request or account. Another operator must do it.',
    TL: 'Hindi mo ito magagawa sa sarili mong request o account. Ibang operator ang dapat gumawa nito.',
  },
  INVALID_AGENT_MOVE: {
    EN: 'The member cannot be moved under this agent.',
    TL: 'Hindi maililipat ang miyembro sa ilalim ng agent na ito.',
  },
  AGENT_HAS_DOWNLINE: {
    EN: 'This account has members below it. Move them first.',
    TL: 'May mga miyembro sa ilalim ng account na ito. Ilipat muna sila.',
  },
  KYC_NOT_PENDING: {
    EN: 'This verification is not waiting for a decision.',
    TL: 'Hindi naghihintay ng desisyon ang beripikasyong ito.',
  },
  RESTRICTED_IMPORT_INVALID: {
    EN: 'The file has errors. Nothing was imported.',
    TL: 'May mga mali ang file. Walang na-import.',
  },
  CONTRACT_NOT_DIRECT_DOWNLINE: {
    EN: 'Contracts can only be offered to your direct downline.',
    TL: 'Sa direktang downline mo lamang maaaring mag-alok ng kontrata.',
  },
  CONTRACT_NOT_AGENT: {
    EN: 'Contracts can only be offered to agents.',
    TL: 'Sa mga ahente lamang maaaring mag-alok ng kontrata.',
  },
  CONTRACT_RATE_OUT_OF_RANGE: {
    EN: 'A rate is outside the allowed range for its tier.',
    TL: 'May rate na lampas sa pinapayagang saklaw ng tier nito.',
  },
  CONTRACT_RATE_ABOVE_OWN: {
    EN: 'You cannot offer a rate higher than your own contract.',
    TL: 'Hindi ka maaaring mag-alok ng rate na mas mataas sa sarili mong kontrata.',
  },
  CONTRACT_PERIOD_NOT_ALLOWED: {
    EN: 'This pay period is not allowed for this contract.',
    TL: 'Hindi pinapayagan ang panahon ng bayad na ito para sa kontratang ito.',
  },
  CONTRACT_CONFLICT: {
    EN: 'Accepting this contract ends the downline contracts listed, whose rates are higher. Confirm to proceed.',
    TL: 'Kapag tinanggap ang kontratang ito, matatapos ang mga nakalistang kontrata ng downline na mas mataas ang rate. Kumpirmahin para magpatuloy.',
  },
  CONTRACT_NOT_FOUND: {
    EN: 'This contract was not found.',
    TL: 'Hindi nahanap ang kontratang ito.',
  },
  CONTRACT_NOT_PENDING: {
    EN: 'This contract offer or request has already been answered.',
    TL: 'Nasagot na ang alok o kahilingang ito sa kontrata.',
  },
  CONTRACT_NOT_ACTIVE: {
    EN: 'Only an active contract can be terminated.',
    TL: 'Aktibong kontrata lamang ang maaaring tapusin.',
  },
  CONTRACT_REQUEST_PENDING: {
    EN: 'A request for this contract is already waiting for an answer.',
    TL: 'May kahilingan na para sa kontratang ito na naghihintay ng sagot.',
  },
  CONTRACT_NO_TERMINATION_REQUEST: {
    EN: 'No termination request is waiting for your answer on this contract.',
    TL: 'Walang hiling na pagtatapos na naghihintay ng iyong sagot sa kontratang ito.',
  },
  CONTRACT_NOT_OPERATOR_OFFERED: {
    EN: 'This contract is between two agents; the agent who gave it answers its termination request.',
    TL: 'Kontrata ito ng dalawang agent; ang agent na nagbigay nito ang sasagot sa hiling na pagtatapos.',
  },
  CONTRACT_NOT_DIVIDEND: {
    EN: 'Only a dividend contract has a carry to reset.',
    TL: 'Kontrata ng dibidendo lamang ang may carry na mare-reset.',
  },
  CONTRACT_CARRY_ZERO: {
    EN: 'The carry of this contract is already 0.',
    TL: '0 na ang carry ng kontratang ito.',
  },
  VENDOR_TRANSFER_NOT_UNRESOLVED: {
    EN: 'This vendor transfer is not waiting for an operator; it may already have been resolved.',
    TL: 'Hindi naghihintay sa operator ang vendor transfer na ito; maaaring naayos na ito.',
  },
  EXPORT_TOO_LARGE: {
    EN: 'Too many rows to export. Narrow the date range or filters and try again.',
    TL: 'Sobrang daming row para i-export. Paikliin ang petsa o dagdagan ang filter at subukang muli.',
  },
  PROMOTION_NOT_OPEN: {
    EN: 'This promotion is not open now.',
    TL: 'Hindi bukas ngayon ang promosyong ito.',
  },
  PROMOTION_NOT_ELIGIBLE: {
    EN: "Your account does not meet this promotion's conditions yet.",
    TL: 'Hindi pa pasok ang iyong account sa mga kondisyon ng promosyong ito.',
  },
  PROMOTION_ACTION_NOT_ALLOWED: {
    EN: 'This cannot be done with this promotion now.',
    TL: 'Hindi ito magagawa sa promosyong ito ngayon.',
  },
  PROMOTION_ALREADY_CLAIMED: {
    EN: 'You have already received this promotion.',
    TL: 'Natanggap mo na ang promosyong ito.',
  },
  PROMOTION_BUDGET_EXHAUSTED: {
    EN: 'This promotion has been fully claimed.',
    TL: 'Naubos na ang promosyong ito.',
  },
  INTERNAL_ERROR: {
    EN: 'Something went wrong. Please try again.',
    TL: 'May nangyaring mali. Pakisubukang muli.',
  },
};

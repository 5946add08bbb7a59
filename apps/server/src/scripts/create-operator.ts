// Creates a back-office operator (decision 008); the first one of a deployment is made this way,
// never by a default password:
//   [OPERATOR_PASSWORD=...] [OPERATOR_ENROLMENT_CODE=...] npm run operator:create -- <merchantCode|platform> <username> <role>
// The password comes from the environment so that it stays out of shell history and process
// lists; without it a strong random one is generated and printed once. So does the one-time
// enrolment code (32+ hex digits, for automation) that, with the password, enrols TOTP at the
// operator's first sign-in: a password alone never does.
import { OPERATOR_ROLES, OperatorRole, PLATFORM_SCOPE } from '@app/shared';
import { AppError } from '../lib/app-error.js';
import {
  ENROLMENT_CODE_HOURS,
  createOperator,
  generatePassword,
} from '../modules/operator/operator.service.js';
import { runOperatorScript } from './operator-script.js';

const USAGE =
  `usage: [OPERATOR_PASSWORD=...] [OPERATOR_ENROLMENT_CODE=...] npm run operator:create -- <merchantCode|${PLATFORM_SCOPE}> <username> <role>\n` +
  `       roles: ${OPERATOR_ROLES.join(', ')}`;

const [scope, username, role] = process.argv.slice(2);
if (!scope || !username || !OperatorRole.safeParse(role).success) {
  console.error(USAGE);
  process.exit(2);
}
const given = process.env.OPERATOR_PASSWORD;
const password = given || generatePassword();

await runOperatorScript(async (db) => {
  try {
    const givenCode = process.env.OPERATOR_ENROLMENT_CODE || undefined;
    const { operator, enrolmentCode } = await createOperator(db, {
      scope,
      username,
      role: role!,
      password,
      ...(givenCode ? { enrolmentCode: givenCode } : {}),
    });
    console.log(
      `operator ${operator.username} (${operator.role}) created for ${scope}, id ${operator.id}`,
    );
    if (!given) console.log(`password (shown once, store it now): ${password}`);
    if (!givenCode) console.log(`one-time enrolment code (shown once): ${enrolmentCode}`);
    console.log(
      `TOTP is enrolled at the first sign-in to the back office with the password and the ` +
        `enrolment code, within ${ENROLMENT_CODE_HOURS} hours.`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const hints: Partial<Record<string, string>> = {
      USERNAME_TAKEN: `username ${username} is taken in ${scope}`,
      UNKNOWN_MERCHANT: `no merchant with code ${scope}`,
      VALIDATION_ERROR:
        'username: 3-32 of a-z 0-9 _ . -; password: 12 or more characters with upper and lower ' +
        'case letters, a digit and a symbol; OPERATOR_ENROLMENT_CODE: 32 to 64 hex digits',
    };
    console.error(hints[error.code] ?? error.code);
    return 1;
  }
});

// Configures Facebook or Google sign-in for one merchant and turns its button on, until the back
// office does it:
//   SOCIAL_CLIENT_SECRET=... npm run social:configure -- <merchant> <google|facebook> <issuer> <client id> [token endpoint]
//   npm run social:configure -- <merchant> <google|facebook> off
// The secret comes from the environment so that it stays out of shell history and process lists.
import { SocialProvider } from '@app/shared';
import { findMerchantByCode } from '../modules/merchant/index.js';
import { configureProvider } from '../modules/social/index.js';
import { runOperatorScript } from './operator-script.js';

const USAGE =
  'usage: SOCIAL_CLIENT_SECRET=... npm run social:configure -- <merchant> <google|facebook> <issuer> <client id> [token endpoint]\n' +
  '       npm run social:configure -- <merchant> <google|facebook> off';

const [merchantCode, providerName, issuer, clientId, tokenEndpoint] = process.argv.slice(2);
const provider = SocialProvider.safeParse(providerName);
const turnOff = issuer === 'off';
const clientSecret = process.env.SOCIAL_CLIENT_SECRET;
if (!merchantCode || !provider.success || (!turnOff && (!issuer || !clientId || !clientSecret))) {
  console.error(USAGE);
  process.exit(2);
}
await runOperatorScript(async (db, secrets) => {
  const merchant = await findMerchantByCode(db, merchantCode);
  if (!merchant) throw new Error(`no merchant with code ${merchantCode}`);
  await configureProvider(db, secrets, {
    merchantId: merchant.id,
    provider: provider.data,
    enabled: !turnOff,
    ...(turnOff
      ? {}
      : {
          settings: {
            issuer: new URL(issuer).href.replace(/\/$/, ''),
            clientId: clientId!,
            clientSecret: clientSecret!,
            tokenEndpoint: tokenEndpoint ? new URL(tokenEndpoint).href : null,
          },
        }),
  });
  console.log(`${provider.data} sign-in ${turnOff ? 'off' : 'on'} for ${merchantCode}`);
  return 0;
});

import type { LocalizedText } from '../schema/index.js';

/** Help centre sections of the demo merchant; `term` is the anchor of /help#term. */
export const HELP_SECTIONS: { key: string; title: LocalizedText; content: LocalizedText }[] = [
  {
    key: 'term',
    title: { EN: 'Terms and conditions', TL: 'Mga tuntunin at kundisyon' },
    content: {
      EN:
        '<p>You must be 21 years of age or older to register or play.</p>' +
        '<p>The following persons may not register or play: government officials and employees, ' +
        'members of the armed forces and the police, persons under 21, persons listed on the ' +
        'national database of restricted persons, and gaming licence holders.</p>' +
        '<p>Funds of players found ineligible are forfeited. Playing in open public places is ' +
        'prohibited.</p>',
      TL:
        '<p>Dapat ikaw ay 21 taong gulang pataas upang magparehistro o maglaro.</p>' +
        '<p>Hindi maaaring magparehistro o maglaro ang mga sumusunod: mga opisyal at kawani ng ' +
        'pamahalaan, mga kasapi ng sandatahang lakas at pulisya, mga wala pang 21 taong gulang, ' +
        'mga nakalista sa pambansang database ng mga pinaghihigpitang tao, at mga may hawak ng ' +
        'lisensya sa paglalaro.</p>' +
        '<p>Kinukumpiska ang pondo ng mga manlalarong mapatunayang hindi karapat-dapat. ' +
        'Ipinagbabawal ang paglalaro sa mga bukas na pampublikong lugar.</p>',
    },
  },
  {
    key: 'responsible',
    title: { EN: 'Responsible gaming', TL: 'Responsableng paglalaro' },
    content: {
      EN:
        '<p>Set a budget before you play and never chase losses. You can exclude yourself for ' +
        '6 months, 1 year or 5 years from the security centre.</p>',
      TL:
        '<p>Magtakda ng badyet bago maglaro at huwag habulin ang mga talo. Maaari mong ' +
        'i-exclude ang sarili nang 6 na buwan, 1 taon o 5 taon mula sa security centre.</p>',
    },
  },
  {
    key: 'deposit',
    title: { EN: 'Deposits', TL: 'Mga deposito' },
    content: {
      EN: '<p>Deposit by bank transfer, GCash or Maya. Credits appear once the payment is confirmed.</p>',
      TL:
        '<p>Magdeposito sa pamamagitan ng bank transfer, GCash o Maya. Lalabas ang credit kapag ' +
        'nakumpirma na ang bayad.</p>',
    },
  },
  {
    key: 'withdrawal',
    title: { EN: 'Withdrawals', TL: 'Mga pag-withdraw' },
    content: {
      EN:
        '<p>Withdrawals go to a payout account bound to your verified name. Mark the receipt as ' +
        'received, partly received or not received once the money arrives.</p>',
      TL:
        '<p>Ang withdrawal ay ipinapadala sa payout account na nakatali sa iyong beripikadong ' +
        'pangalan. Markahan ang resibo bilang natanggap, bahagyang natanggap o hindi natanggap.</p>',
    },
  },
  {
    key: 'privacy',
    title: { EN: 'Privacy', TL: 'Privacy' },
    content: {
      EN: '<p>We keep your identity documents only to verify your age and eligibility.</p>',
      TL:
        '<p>Itinatago lamang namin ang iyong mga dokumento ng pagkakakilanlan upang ' +
        'beripikahin ang iyong edad at pagiging karapat-dapat.</p>',
    },
  },
];

import type { ContractType } from '@app/agents';
import { formatAmount, type RealtimeContract } from '@app/shared';
import type { MemberMessage } from '../content/index.js';

/**
 * The inbox messages (messageV2) of contract events and payouts (decision 014: "offers, answers
 * and termination requests reach the other side over the websocket and as a platform message"),
 * in EN and TL. The live event says the same thing to an open page; the message stays for a
 * member who was offline.
 */

const TYPE_NAME: Record<ContractType, { EN: string; TL: string }> = {
  dividend: { EN: 'dividend', TL: 'dibidendo' },
  daily_salary: { EN: 'daily salary', TL: 'pang-araw-araw na sahod' },
  hourly_salary: { EN: 'hourly salary', TL: 'sahod kada oras' },
  realtime_salary: { EN: 'real-time salary', TL: 'real-time na sahod' },
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Usernames are plain, but the inbox renders HTML: never trust a name to be. */
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The message of one contract event to `memberId` (the side that did not act). `endReason`
 * says why a contract ended by the conflict rule (`upline_rate_lowered`, `upline_period_changed`);
 * for the operator's actions (`ended_by_operator`, `carry_reset`) it is the operator's reason.
 */
export function contractEventMessage(
  memberId: number,
  event: RealtimeContract,
  endReason?: string | null,
): MemberMessage {
  const type = TYPE_NAME[event.contractType];
  const name = event.counterparty === null ? null : escapeHtml(event.counterparty);
  const who = { EN: name ?? 'The operator', TL: name ? `ni ${name}` : 'ng operator' };
  const no = event.contractId;
  const period = endReason === 'upline_period_changed';
  switch (event.action) {
    case 'offered':
      return {
        memberId,
        title: { EN: `New ${type.EN} contract offer`, TL: `Bagong alok na kontrata ng ${type.TL}` },
        content: {
          EN: `${who.EN} offered you a ${type.EN} contract (no. ${no}). Open the agent centre to accept or reject it.`,
          TL: `Inalok ka ${who.TL} ng kontrata ng ${type.TL} (blg. ${no}). Buksan ang agent centre para tanggapin o tanggihan ito.`,
        },
      };
    case 'accepted':
      return {
        memberId,
        title: {
          EN: `${capitalised(type.EN)} contract accepted`,
          TL: `Tinanggap ang kontrata ng ${type.TL}`,
        },
        content: {
          EN: `${who.EN} accepted your ${type.EN} contract offer (no. ${no}). It is now in force.`,
          TL: `Tinanggap ${who.TL} ang iyong alok na kontrata ng ${type.TL} (blg. ${no}). Umiiral na ito.`,
        },
      };
    case 'rejected':
      return {
        memberId,
        title: {
          EN: `${capitalised(type.EN)} contract offer rejected`,
          TL: `Tinanggihan ang alok na kontrata ng ${type.TL}`,
        },
        content: {
          EN: `${who.EN} rejected your ${type.EN} contract offer (no. ${no}).`,
          TL: `Tinanggihan ${who.TL} ang iyong alok na kontrata ng ${type.TL} (blg. ${no}).`,
        },
      };
    case 'termination_requested':
      return {
        memberId,
        title: { EN: 'Contract termination requested', TL: 'Hiling na tapusin ang kontrata' },
        content: {
          EN: `${who.EN} asked to end the ${type.EN} contract (no. ${no}). Open the agent centre to accept or decline.`,
          TL: `Hiniling ${who.TL} na tapusin ang kontrata ng ${type.TL} (blg. ${no}). Buksan ang agent centre para tanggapin o tanggihan.`,
        },
      };
    case 'terminated':
      return {
        memberId,
        title: {
          EN: `${capitalised(type.EN)} contract ended`,
          TL: `Natapos ang kontrata ng ${type.TL}`,
        },
        content: {
          EN: `${who.EN} agreed to end the ${type.EN} contract (no. ${no}).`,
          TL: `Pumayag ${who.TL} na tapusin ang kontrata ng ${type.TL} (blg. ${no}).`,
        },
      };
    case 'termination_rejected':
      return {
        memberId,
        title: {
          EN: 'Contract termination declined',
          TL: 'Tinanggihan ang pagtatapos ng kontrata',
        },
        content: {
          EN: `${who.EN} declined to end the ${type.EN} contract (no. ${no}); it stays in force.`,
          TL: `Tinanggihan ${who.TL} ang pagtatapos ng kontrata ng ${type.TL} (blg. ${no}); umiiral pa rin ito.`,
        },
      };
    case 'ended_by_conflict':
      return {
        memberId,
        title: {
          EN: `${capitalised(type.EN)} contract ended`,
          TL: `Natapos ang kontrata ng ${type.TL}`,
        },
        content: {
          EN: `The ${type.EN} contract (no. ${no}) with ${name ?? 'the operator'} ended: the upline agent accepted a contract with ${period ? 'another pay period' : 'lower rates'}.`,
          TL: `Natapos ang kontrata ng ${type.TL} (blg. ${no}) ${name ? `kay ${name}` : 'sa operator'}: tinanggap ng upline agent ang kontratang may ${period ? 'ibang panahon ng bayad' : 'mas mababang rate'}.`,
        },
      };
    case 'ended_by_operator':
      return {
        memberId,
        title: {
          EN: `${capitalised(type.EN)} contract ended by the operator`,
          TL: `Tinapos ng operator ang kontrata ng ${type.TL}`,
        },
        content: {
          EN: `The operator ended the ${type.EN} contract (no. ${no})${endReason ? `: ${escapeHtml(endReason)}` : ''}. It is settled for the time it was in force as decision 014 says.`,
          TL: `Tinapos ng operator ang kontrata ng ${type.TL} (blg. ${no})${endReason ? `: ${escapeHtml(endReason)}` : ''}. Babayaran ito para sa panahong umiral ito.`,
        },
      };
    case 'offer_withdrawn':
      return {
        memberId,
        title: {
          EN: `${capitalised(type.EN)} contract offer withdrawn`,
          TL: `Binawi ang alok na kontrata ng ${type.TL}`,
        },
        content: {
          EN: `${who.EN} withdrew the ${type.EN} contract offer (no. ${no}).`,
          TL: `Binawi ${who.TL} ang alok na kontrata ng ${type.TL} (blg. ${no}).`,
        },
      };
    case 'carry_reset':
      return {
        memberId,
        title: { EN: 'Dividend carry reset', TL: 'Na-reset ang carry ng dibidendo' },
        content: {
          EN: `The operator reset the carry of your dividend contract (no. ${no}) to 0${endReason ? `: ${escapeHtml(endReason)}` : ''}.`,
          TL: `Ni-reset ng operator sa 0 ang carry ng iyong kontrata ng dibidendo (blg. ${no})${endReason ? `: ${escapeHtml(endReason)}` : ''}.`,
        },
      };
  }
}

/** The message of one settlement payout to the agent paid. */
export function payoutMessage(input: {
  memberId: number;
  contractId: number;
  type: ContractType;
  periodKey: string;
  amount: bigint;
  currency: string;
}): MemberMessage {
  const type = TYPE_NAME[input.type];
  const amount = `${formatAmount(input.amount)} ${input.currency}`;
  return {
    memberId: input.memberId,
    title: { EN: `${capitalised(type.EN)} paid`, TL: `Naibayad ang ${type.TL}` },
    content: {
      EN: `${amount} was paid to your main wallet for ${input.periodKey} (contract no. ${input.contractId}).`,
      TL: `Naibayad sa iyong main wallet ang ${amount} para sa ${input.periodKey} (kontrata blg. ${input.contractId}).`,
    },
  };
}

/** The member site's routes, shared by the journeys that visit every page. */

/** Every route and alias of SPEC section 2 that a visitor can open. */
export const PUBLIC_ROUTES = [
  '/',
  '/index',
  '/index.html',
  '/home',
  '/agent',
  '/help',
  '/helpmc',
  '/vip',
  '/promotions',
  '/pointMall',
  '/sports',
  '/esports',
  '/lott',
  '/elott',
  '/cockfight',
  '/live',
  '/fish',
  '/rng?vassalage=PG',
  '/pvp',
  '/bgs',
  '/hot',
  '/provider',
  '/provider?vassalage=JDB',
];

/** Routes that need a session: a visitor is sent to /login with the login modal. */
export const LOGIN_ROUTES = [
  '/member',
  '/agentHome',
  '/lottery?gameCode=TCG_SEA-LOTT-001',
  '/seaLottery?gameCode=TCG_SEA-LOTT-001',
  '/vnLottery?gameCode=TCG_LOTTO_VN-ELOTT-001',
  '/lottert',
  '/vnlottery',
  '/sealottery',
  '/favorite',
  '/fav',
  '/recent',
  '/seamless',
];

/** The member centre pages (apps/web/src/features/member-centre/member-pages.ts), `/member/<page>`. */
export const MEMBER_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
];

/** The agent centre pages (apps/web/src/features/agent/agent-pages.ts), `/agentHome/<page>`. */
export const AGENT_PAGES = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'agentTeamTree',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
];

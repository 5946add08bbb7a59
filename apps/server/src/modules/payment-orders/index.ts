/**
 * The lifecycle deposits and withdrawals share (decisions 009 and 012): request replay, operator
 * decisions on a locked order, gateway answers, the member's and the operators' lists.
 */
export * from './order-lifecycle.js';
export { orderRepository, type OrderTableSpec, type StatusPageQuery } from './order.repository.js';

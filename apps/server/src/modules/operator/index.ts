/** The operator accounts' face to other modules. */
export { insertOperator } from './operator.repository.js';

/** The agent tree's face to other modules (decision 011: only this module writes the tree). */
export {
  attachToTree,
  directUpline,
  findInDownline,
  hasDownline,
  moveSubtree,
} from './team.repository.js';
export { uplineForRegistration } from './team.service.js';

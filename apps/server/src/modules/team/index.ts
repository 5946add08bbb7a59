/** The agent tree's face to other modules (decision 011: only this module writes the tree). */
export {
  attachToTree,
  directUpline,
  findInDownline,
  hasDownline,
  moveSubtree,
  uplineForRegistration,
} from './team.service.js';

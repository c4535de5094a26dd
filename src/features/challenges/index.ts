export { leaveChallenge, listChallenges, respondChallenge } from './api';
export { ChallengesSection } from './components/ChallengesSection';

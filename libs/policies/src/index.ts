export {
  choosePolicies, POLICIES_FILENAME, resolvePolicies,
  type PolicyFile, type PolicyLookup, type PolicySource, type PolicySources, type ResolvedPolicies,
} from './resolve-policies';
export { loadServicePolicies } from './service-policies';

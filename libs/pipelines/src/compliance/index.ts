export { POLICIES_FILENAME, resolvePolicies, type PolicyLookup, type PolicySource, type ResolvedPolicies } from './resolve-policies';

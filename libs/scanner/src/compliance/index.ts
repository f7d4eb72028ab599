export { PolicyError } from './policy-error';
export { parseThresholds, thresholdAlert, type Threshold, type ThresholdAlert, type Thresholds, type ThresholdsKey } from './thresholds';
export { loadPoliciesYaml, parsePolicies, licensePoliciesEnabled, type LicensePolicy, type Policies, type PolicyAlert } from './policies';
export { licenseComplianceAlert, licenseSymbols } from './license-alert';

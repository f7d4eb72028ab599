/** Injection token of the service-wide policies (`Policies | null`). */
export const SERVICE_POLICIES = Symbol('SERVICE_POLICIES');

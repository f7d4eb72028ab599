/**
 * Who can open a TCP connection to whom under a set of NetworkPolicies, as the NetworkPolicy API
 * defines it (networking.k8s.io/v1): a pod selected by no policy of a direction is open in that
 * direction; one selected by any is open only to what one of their rules allows; a connection
 * needs the source's egress and the destination's ingress. Hand-written because no npm library
 * evaluates NetworkPolicies; it covers what the manifests use (pod and namespace selectors with
 * matchLabels and matchExpressions, IPv4 ipBlocks with except, numeric TCP ports).
 */

export type Labels = Record<string, string>;

export interface Selector {
  matchLabels?: Labels;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }[];
}

interface Peer {
  podSelector?: Selector;
  namespaceSelector?: Selector;
  ipBlock?: { cidr: string; except?: string[] };
}

interface Rule {
  ports?: { protocol?: string; port?: number | string; endPort?: number }[];
  to?: Peer[];
  from?: Peer[];
}

export interface NetworkPolicy {
  metadata: { name: string; namespace?: string };
  spec: { podSelector: Selector; policyTypes?: ('Ingress' | 'Egress')[]; ingress?: Rule[]; egress?: Rule[] };
}

/** A pod (namespace and labels) or an address outside the cluster. */
export type Endpoint = { kind: 'pod'; name: string; namespace: string; labels: Labels } | { kind: 'ip'; name: string; ip: string };

export function selects(selector: Selector | undefined, labels: Labels): boolean {
  if (!selector) return true;
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = e.key in labels;
    if (e.operator === 'In' && !(has && e.values!.includes(labels[e.key]))) return false;
    if (e.operator === 'NotIn' && has && e.values!.includes(labels[e.key])) return false;
    if (e.operator === 'Exists' && !has) return false;
    if (e.operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

function ipToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

export function inCidr(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  const start = Math.floor(ipToInt(base) / size) * size;
  const n = ipToInt(ip);
  return n >= start && n < start + size;
}

function namespaceLabels(namespace: string): Labels {
  return { 'kubernetes.io/metadata.name': namespace };
}

/** Whether a rule's peer matches the other end, seen from a policy of `policyNamespace`. */
function peerMatches(peer: Peer, other: Endpoint, policyNamespace: string): boolean {
  if (peer.ipBlock) return other.kind === 'ip' && inCidr(other.ip, peer.ipBlock.cidr) && !(peer.ipBlock.except ?? []).some((c) => inCidr(other.ip, c));
  if (other.kind !== 'pod') return false;
  const namespaceOk = peer.namespaceSelector ? selects(peer.namespaceSelector, namespaceLabels(other.namespace)) : other.namespace === policyNamespace;
  return namespaceOk && selects(peer.podSelector, other.labels);
}

function portMatches(rule: Rule, port: number): boolean {
  if (!rule.ports?.length) return true;
  return rule.ports.some((p) => (p.protocol ?? 'TCP') === 'TCP' && (p.port === undefined || (typeof p.port === 'number' && (p.port === port || (p.endPort !== undefined && port >= p.port && port <= p.endPort)))));
}

function types(policy: NetworkPolicy): string[] {
  return policy.spec.policyTypes ?? (policy.spec.egress ? ['Ingress', 'Egress'] : ['Ingress']);
}

function allowedIn(direction: 'Ingress' | 'Egress', self: Endpoint, other: Endpoint, port: number, policies: NetworkPolicy[]): boolean {
  if (self.kind !== 'pod') return true; // outside the cluster: not ours to police
  const applying = policies.filter((p) => (p.metadata.namespace ?? self.namespace) === self.namespace && types(p).includes(direction) && selects(p.spec.podSelector, self.labels));
  if (applying.length === 0) return true;
  return applying.some((p) => (direction === 'Ingress' ? p.spec.ingress : p.spec.egress)?.some((rule) => {
    const peers = direction === 'Ingress' ? rule.from : rule.to;
    return portMatches(rule, port) && (!peers?.length || peers.some((peer) => peerMatches(peer, other, p.metadata.namespace ?? self.namespace)));
  }));
}

/** Whether `from` may connect to `to` on a TCP port. */
export function canConnect(from: Endpoint, to: Endpoint, port: number, policies: NetworkPolicy[]): boolean {
  return allowedIn('Egress', from, to, port, policies) && allowedIn('Ingress', to, from, port, policies);
}

/**
 * Which addresses the server may fetch an image from on a member's behalf (docs/product.md#images):
 * public unicast only. Loopback, private, shared (CGNAT), link-local (cloud metadata at
 * 169.254.169.254), "this network", multicast, reserved and documentation ranges are refused;
 * for IPv6 only global unicast (2000::/3) is allowed, which leaves out ::1, fc00::/7, fe80::/10,
 * multicast and every IPv4-mapped or -translated form (::ffff:0:0/96, 64:ff9b::/96), less the
 * ranges inside 2000::/3 that carry IPv4 addresses or are not routed.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}

const globalUnicast = new BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

for (const [network, prefix] of [
  // Teredo and 6to4 tunnel to IPv4 addresses; documentation; ORCHID and benchmarking.
  ['2001::', 32],
  ['2002::', 16],
  ['2001:db8::', 32],
  ['2001:10::', 28],
  ['2001:20::', 28],
  ['2001:2::', 48],
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}

/** Whether `address` (an IP literal, IPv6 without brackets) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return !refused.check(address, 'ipv4');
  if (isIPv6(address)) {
    return globalUnicast.check(address, 'ipv6') && !refused.check(address, 'ipv6');
  }
  return false;
}

import ipaddr from 'ipaddr.js';

/**
 * The network one subscriber holds, to count what comes "from one address": an IPv4 address as it is, an IPv6 address
 * as its /64. Indian mobile networks (Jio, Airtel) give each phone a whole /64, so a phone can take a fresh IPv6
 * address for every request; counting exact addresses let one phone pass every per-address limit. An IPv4 address
 * written as IPv6 (::ffff:a.b.c.d, from a dual-stack socket) is the IPv4 address. Anything unparsable is kept as it is.
 */
export function subscriberNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip.toLowerCase();
  let address = ipaddr.parse(ip);
  if (address instanceof ipaddr.IPv6 && address.isIPv4MappedAddress()) address = address.toIPv4Address();
  if (address instanceof ipaddr.IPv4) return address.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}

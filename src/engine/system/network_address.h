// Which address a rank of a multi-host run listens on. Gloo's default is the address
// the machine's own name resolves to, which Debian's /etc/hosts makes 127.0.0.1 (or
// 127.0.1.1): ranks on other hosts then try to connect to their own loopback and wait
// out the timeout. GLOO_SOCKET_IFNAME names the interface; without it, the address of
// the route towards MASTER_ADDR is used, or (when MASTER_ADDR is this host's own name,
// resolving to loopback) the first network interface that is up.
#pragma once

#include <string>

namespace trainscope {

struct ListenAddress {
  std::string interface_name;  // from GLOO_SOCKET_IFNAME: listen on this interface
  std::string address;         // else this IPv4 address
  std::string why;             // for the log: how it was chosen
};

// `ifname`: GLOO_SOCKET_IFNAME's value (nullptr or "" when unset).
ListenAddress glooListenAddress(const std::string& masterAddr, int masterPort, const char* ifname);

// The local IPv4 address of the route towards host:port (no packet is sent); "" when
// the host does not resolve or no route leads there.
std::string localAddressToward(const std::string& host, int port);
// The first IPv4 address of an interface that is up and not loopback; "" when none.
std::string firstNetworkAddress(std::string* interfaceName = nullptr);
bool isLoopbackAddress(const std::string& ipv4);

}  // namespace trainscope

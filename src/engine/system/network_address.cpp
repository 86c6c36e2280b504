#include "engine/system/network_address.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netdb.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstring>

namespace trainscope {

bool isLoopbackAddress(const std::string& ipv4) { return ipv4.rfind("127.", 0) == 0; }

std::string localAddressToward(const std::string& host, int port) {
  addrinfo hints{}, *found = nullptr;
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_DGRAM;
  if (getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found) != 0 || !found) return {};
  std::string local;
  const int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  // connect() on a UDP socket only picks the route and the source address.
  if (fd >= 0 && connect(fd, found->ai_addr, found->ai_addrlen) == 0) {
    sockaddr_in self{};
    socklen_t size = sizeof self;
    char text[INET_ADDRSTRLEN] = {0};
    if (getsockname(fd, reinterpret_cast<sockaddr*>(&self), &size) == 0 &&
        inet_ntop(AF_INET, &self.sin_addr, text, sizeof text))
      local = text;
  }
  if (fd >= 0) close(fd);
  freeaddrinfo(found);
  return local;
}

std::string firstNetworkAddress(std::string* interfaceName) {
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) != 0) return {};
  std::string address;
  for (const ifaddrs* a = list; a && address.empty(); a = a->ifa_next) {
    if (!a->ifa_addr || a->ifa_addr->sa_family != AF_INET) continue;
    if (!(a->ifa_flags & IFF_UP) || (a->ifa_flags & IFF_LOOPBACK)) continue;
    char text[INET_ADDRSTRLEN] = {0};
    if (!inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(a->ifa_addr)->sin_addr, text, sizeof text)) continue;
    address = text;
    if (interfaceName) *interfaceName = a->ifa_name;
  }
  freeifaddrs(list);
  return address;
}

ListenAddress glooListenAddress(const std::string& masterAddr, int masterPort, const char* ifname) {
  ListenAddress l;
  if (ifname && *ifname) {
    l.interface_name = ifname;
    l.why = "GLOO_SOCKET_IFNAME=" + l.interface_name;
    return l;
  }
  if (masterAddr == "localhost" || isLoopbackAddress(masterAddr)) {  // every rank on this machine
    l.address = "127.0.0.1";
    l.why = "MASTER_ADDR is this machine";
    return l;
  }
  const std::string route = localAddressToward(masterAddr, masterPort);
  if (!route.empty() && !isLoopbackAddress(route)) {
    l.address = route;
    l.why = "the address of the route to MASTER_ADDR " + masterAddr;
    return l;
  }
  // MASTER_ADDR is this host's own name, resolving to loopback: the other hosts reach
  // this one on a network interface, not on 127.0.0.1.
  std::string name;
  l.address = firstNetworkAddress(&name);
  l.why = "MASTER_ADDR " + masterAddr + " resolves to loopback here; the first network interface, " + name +
          " (set GLOO_SOCKET_IFNAME to choose another)";
  if (l.address.empty()) l.address = "127.0.0.1", l.why = "no network interface is up: loopback";
  return l;
}

}  // namespace trainscope

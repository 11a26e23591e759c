//===- HttpClient.cpp - Plain HTTP/1.1 GET and PUT for the remote cache ---===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "analyzer/support/HttpClient.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace llvm;
using Clock = std::chrono::steady_clock;

namespace cudalint {
namespace {

Error fail(const Twine &Why) { return createStringError(Why); }

/// Milliseconds left until \p End (0 when past).
int msLeft(Clock::time_point End) {
  auto Left = std::chrono::duration_cast<std::chrono::milliseconds>(End - Clock::now()).count();
  return Left > 0 ? static_cast<int>(Left) : 0;
}

/// Waits until \p FD is ready for \p Events or the deadline passes.
Error waitFor(int FD, short Events, Clock::time_point End) {
  while (true) {
    pollfd P{FD, Events, 0};
    int Ms = msLeft(End);
    if (Ms == 0)
      return fail("no answer in time");
    int N = ::poll(&P, 1, Ms);
    if (N > 0)
      return Error::success();
    if (N == 0)
      return fail("no answer in time");
    if (errno != EINTR)
      return fail(std::strerror(errno));
  }
}

Expected<int> connectTo(const HttpUrl &U, Clock::time_point End) {
  addrinfo Hints{};
  Hints.ai_family = AF_UNSPEC;
  Hints.ai_socktype = SOCK_STREAM;
  addrinfo *Found = nullptr;
  if (int E = ::getaddrinfo(U.Host.c_str(), U.Port.c_str(), &Hints, &Found))
    return fail("cannot resolve '" + U.Host + "': " + gai_strerror(E));
  auto FreeFound = make_scope_exit([&] { ::freeaddrinfo(Found); });
  std::string Last = "no address";
  for (addrinfo *A = Found; A; A = A->ai_next) {
    int FD = ::socket(A->ai_family, A->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, A->ai_protocol);
    if (FD < 0) {
      Last = std::strerror(errno);
      continue;
    }
    if (::connect(FD, A->ai_addr, A->ai_addrlen) == 0)
      return FD;
    if (errno == EINPROGRESS) {
      if (Error E = waitFor(FD, POLLOUT, End)) {
        Last = toString(std::move(E));
        ::close(FD);
        continue;
      }
      int SoError = 0;
      socklen_t Len = sizeof(SoError);
      ::getsockopt(FD, SOL_SOCKET, SO_ERROR, &SoError, &Len);
      if (SoError == 0)
        return FD;
      Last = std::strerror(SoError);
    } else {
      Last = std::strerror(errno);
    }
    ::close(FD);
  }
  return fail("cannot connect to " + U.Host + ":" + U.Port + ": " + Last);
}

Error sendAll(int FD, StringRef Data, Clock::time_point End) {
  while (!Data.empty()) {
    ssize_t N = ::send(FD, Data.data(), Data.size(), MSG_NOSIGNAL);
    if (N > 0) {
      Data = Data.drop_front(N);
      continue;
    }
    if (N < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
      return fail(std::string("cannot send: ") + std::strerror(errno));
    if (Error E = waitFor(FD, POLLOUT, End))
      return E;
  }
  return Error::success();
}

/// Reads until the server closes the connection (Connection: close).
Expected<std::string> readAll(int FD, Clock::time_point End, size_t Max) {
  std::string Out;
  char Buf[65536];
  while (true) {
    ssize_t N = ::recv(FD, Buf, sizeof(Buf), 0);
    if (N > 0) {
      Out.append(Buf, N);
      if (Out.size() > Max)
        return fail("the answer is larger than " + std::to_string(Max) + " bytes");
      continue;
    }
    if (N == 0)
      return Out;
    if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
      return fail(std::string("cannot read: ") + std::strerror(errno));
    if (Error E = waitFor(FD, POLLIN, End))
      return std::move(E);
  }
}

Expected<std::string> unchunk(StringRef In) {
  std::string Out;
  while (true) {
    auto [SizeLine, Rest] = In.split("\r\n");
    unsigned long long Size;
    if (getAsUnsignedInteger(SizeLine.split(';').first.trim(), 16, Size) || Size > Rest.size())
      return fail("a malformed chunked body");
    if (Size == 0)
      return Out;
    Out += Rest.take_front(Size);
    In = Rest.drop_front(Size);
    if (!In.consume_front("\r\n"))
      return fail("a malformed chunked body");
  }
}

Expected<HttpResponse> parseResponse(StringRef Raw) {
  size_t HeaderEnd = Raw.find("\r\n\r\n");
  if (!Raw.starts_with("HTTP/1.") || HeaderEnd == StringRef::npos)
    return fail("the answer is not HTTP");
  StringRef Head = Raw.take_front(HeaderEnd), Body = Raw.drop_front(HeaderEnd + 4);
  auto [StatusLine, Headers] = Head.split("\r\n");
  HttpResponse R;
  if (StatusLine.split(' ').second.take_front(3).getAsInteger(10, R.Status))
    return fail("the answer is not HTTP");
  bool Chunked = false;
  std::optional<size_t> Length;
  SmallVector<StringRef> Lines;
  Headers.split(Lines, "\r\n");
  for (StringRef L : Lines) {
    auto [Name, Value] = L.split(':');
    Value = Value.trim();
    if (Name.trim().equals_insensitive("transfer-encoding") &&
        Value.contains_insensitive("chunked"))
      Chunked = true;
    if (size_t N; Name.trim().equals_insensitive("content-length") && !Value.getAsInteger(10, N))
      Length = N;
  }
  if (Chunked) {
    Expected<std::string> B = unchunk(Body);
    if (!B)
      return B.takeError();
    R.Body = std::move(*B);
  } else if (Length) {
    if (Body.size() < *Length)
      return fail("the answer was cut short");
    R.Body = Body.take_front(*Length).str();
  } else {
    R.Body = Body.str();
  }
  return R;
}

} // namespace

Expected<HttpUrl> parseHttpUrl(StringRef Url) {
  StringRef Rest = Url;
  if (Rest.starts_with("https://"))
    return fail("'" + Url +
                "': only http:// is supported (put a TLS proxy in front of an "
                "https server)");
  if (!Rest.consume_front("http://"))
    return fail("'" + Url + "': expected http://HOST[:PORT][/PATH]");
  HttpUrl U;
  auto [HostPort, Path] = Rest.split('/');
  U.Path = "/" + Path.rtrim('/').str();
  if (U.Path != "/")
    U.Path += "/";
  StringRef Host = HostPort, Port;
  if (HostPort.starts_with("[")) { // [::1]:8080
    size_t Close = HostPort.find(']');
    if (Close == StringRef::npos)
      return fail("'" + Url + "': expected http://HOST[:PORT][/PATH]");
    Host = HostPort.slice(1, Close);
    Port = HostPort.drop_front(Close + 1);
    if (!Port.empty() && !Port.consume_front(":"))
      return fail("'" + Url + "': expected http://HOST[:PORT][/PATH]");
  } else {
    std::tie(Host, Port) = HostPort.split(':');
  }
  unsigned PortNumber = 80;
  if (Host.empty() || (!Port.empty() && (Port.getAsInteger(10, PortNumber) || PortNumber == 0 ||
                                         PortNumber > 65535)))
    return fail("'" + Url + "': expected http://HOST[:PORT][/PATH]");
  U.Host = Host.str();
  U.Port = std::to_string(PortNumber);
  return U;
}

Expected<HttpResponse> httpRequest(const HttpUrl &Server, StringRef Method, StringRef Path,
                                   StringRef Body, std::chrono::milliseconds Deadline,
                                   size_t MaxBody) {
  Clock::time_point End = Clock::now() + Deadline;
  Expected<int> FD = connectTo(Server, End);
  if (!FD)
    return FD.takeError();
  auto Close = make_scope_exit([&] { ::close(*FD); });
  std::string Request = Method.str() + " " + Path.str() + " HTTP/1.1\r\nHost: " + Server.Host +
                        ":" + Server.Port +
                        "\r\nUser-Agent: cuda-lint\r\nConnection: close\r\nContent-Length: " +
                        std::to_string(Body.size()) + "\r\n";
  if (!Body.empty())
    Request += "Content-Type: application/octet-stream\r\n";
  Request += "\r\n";
  if (Error E = sendAll(*FD, Request, End))
    return std::move(E);
  if (Error E = sendAll(*FD, Body, End))
    return std::move(E);
  ::shutdown(*FD, SHUT_WR);
  Expected<std::string> Raw = readAll(*FD, End, MaxBody + 64 * 1024);
  if (!Raw)
    return Raw.takeError();
  return parseResponse(*Raw);
}

} // namespace cudalint

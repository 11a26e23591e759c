//===- HttpClient.h - Plain HTTP/1.1 GET and PUT for the remote cache -----===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The remote result cache speaks what ccache's HTTP storage and bazel-remote
// speak: GET and PUT of whole objects over plain HTTP. LLVM has no HTTP
// client without libcurl, which the static binary does not link, so this is a
// small one: one request per connection, a deadline for the whole exchange,
// Content-Length or chunked bodies, a bound on the body's size. https:// is
// refused with a clear message (put a TLS proxy in front of the server).
//
//===----------------------------------------------------------------------===//
#ifndef CUDALINT_ANALYZER_SUPPORT_HTTPCLIENT_H
#define CUDALINT_ANALYZER_SUPPORT_HTTPCLIENT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <chrono>
#include <string>

namespace cudalint {

struct HttpUrl {
  std::string Host, Port = "80", Path = "/";
};

/// Parses "http://host[:port][/path]"; an error names what is wrong.
llvm::Expected<HttpUrl> parseHttpUrl(llvm::StringRef Url);

struct HttpResponse {
  int Status = 0;
  std::string Body;
};

/// Sends \p Method \p Path with \p Body to \p Server and reads the answer,
/// all within \p Deadline; errors for a server that cannot be reached, does
/// not answer in time, or sends something that is not HTTP or a body larger
/// than \p MaxBody.
llvm::Expected<HttpResponse> httpRequest(const HttpUrl &Server, llvm::StringRef Method,
                                         llvm::StringRef Path, llvm::StringRef Body,
                                         std::chrono::milliseconds Deadline, size_t MaxBody);

} // namespace cudalint

#endif

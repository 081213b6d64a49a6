// The server's frame codec on arbitrary frames (issue #13): the first byte
// picks binary (even) or JSON (odd), the rest is the frame. Whatever decodes
// must re-encode in both encodings, and its binary encoding must decode to
// the same message. A server reply built from the decoded request (an error
// carrying the decoder's text, a chat echo of the client's text) must encode
// without trouble too.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include <google/protobuf/stubs/logging.h>

#include "server/protocol/codec.h"

using namespace brethren;
using server::Encoding;

namespace {

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "fuzz_client_frame: %s\n", what);
    std::abort();
  }
}

// RFC 3629 UTF-8, as Beast's WebSocket stream checks every text frame
// (closing with 1007 otherwise): the codec never sees anything else as JSON.
bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t extra = 0;
    std::uint32_t cp = 0;
    if (c < 0x80) {
      ++i;
      continue;
    }
    if ((c & 0xE0) == 0xC0) {
      extra = 1;
      cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      extra = 2;
      cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      extra = 3;
      cp = c & 0x07;
    } else
      return false;
    if (extra >= s.size() - i) return false;
    for (std::size_t k = 1; k <= extra; ++k) {
      const auto d = static_cast<unsigned char>(s[i + k]);
      if ((d & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (d & 0x3F);
    }
    static constexpr std::uint32_t kMin[] = {0, 0x80, 0x800, 0x10000};
    if (cp < kMin[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += extra + 1;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // Protobuf logs every refused UTF-8 string; the fuzzer's output stays readable.
  google::protobuf::SetLogHandler([](google::protobuf::LogLevel, const char*, int, const std::string&) {});
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const Encoding encoding = data[0] & 1 ? Encoding::kJson : Encoding::kBinary;
  const std::string_view frame(reinterpret_cast<const char*>(data + 1), size - 1);
  if (encoding == Encoding::kJson && !valid_utf8(frame)) return 0;
  v1::ClientMessage message;
  std::string error;
  v1::ServerMessage reply;
  if (!server::decode_client_message(frame, encoding, message, error)) {
    check(!error.empty(), "a refused frame has a reason");
    reply.mutable_error()->set_code(v1::MALFORMED_MESSAGE);
    reply.mutable_error()->set_message(error);
  } else {
    const std::string binary = server::encode_client_message(message, Encoding::kBinary);
    (void)server::encode_client_message(message, Encoding::kJson);
    v1::ClientMessage again;
    std::string again_error;
    check(server::decode_client_message(binary, Encoding::kBinary, again, again_error), "re-encoded frame decodes");
    check(server::encode_client_message(again, Encoding::kBinary) == binary, "binary round trip is stable");
    reply.set_request_id(message.request_id());
    if (message.has_send_chat()) {
      auto* chat = reply.mutable_chat();
      chat->set_room_code(message.send_chat().room_code());
      chat->set_text(message.send_chat().text());
    } else {
      reply.mutable_ok();
    }
  }
  // The server answers in the encoding of the client's frame: the client
  // must be able to decode the reply, and a JSON reply goes out as a text
  // frame, which must be UTF-8. (The JSON parser's error text can quote half
  // of a UTF-8 character; the JSON printer escapes it, so only JSON frames
  // must get it, which they do.)
  const std::string bytes = server::encode_server_message(reply, encoding);
  v1::ServerMessage decoded;
  check(server::decode_server_message(bytes, encoding, decoded), "reply decodes");
  if (encoding == Encoding::kJson) check(valid_utf8(bytes), "a JSON reply is UTF-8");
  if (!reply.has_error()) {
    // A reply without the decoder's text must also work in the other encoding.
    const Encoding other = encoding == Encoding::kJson ? Encoding::kBinary : Encoding::kJson;
    const std::string again = server::encode_server_message(reply, other);
    check(server::decode_server_message(again, other, decoded), "reply decodes in the other encoding");
    if (other == Encoding::kJson) check(valid_utf8(again), "a JSON reply is UTF-8");
  }
  return 0;
}

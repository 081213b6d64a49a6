#include "server/protocol/codec.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/wire_format_lite.h>

#include <cctype>

#include "server/protocol/codec_json.h"

namespace brethren::server {

namespace pbu = google::protobuf::util;

bool decode_client_message(std::string_view frame, Encoding encoding, v1::ClientMessage& out, std::string& error) {
  if (encoding == Encoding::kBinary) {
    if (out.ParseFromArray(frame.data(), static_cast<int>(frame.size()))) return true;
    error = "binary frame is not a valid brethren.v1.ClientMessage";
    return false;
  }
  // The fast parser takes what it is sure about; protobuf's parser the rest
  // (and words the errors).
  if (json::parse_fast(frame, out)) return true;
  out.Clear();
  pbu::JsonParseOptions options;
  // Unknown fields are tolerated so that a request this server does not know
  // is reported as UNKNOWN_MESSAGE rather than as a syntax error.
  options.ignore_unknown_fields = true;
  const auto status = pbu::JsonStringToMessage(std::string(frame), &out, options);
  if (status.ok()) return true;
  error = "text frame is not a brethren.v1.ClientMessage in JSON: " + std::string(status.message());
  return false;
}

std::string encode_server_message(const v1::ServerMessage& message, Encoding encoding) {
  std::string out;
  if (encoding == Encoding::kBinary) {
    message.SerializeToString(&out);
    return out;
  }
  // seat 0, false, empty lists: spelled out for humans
  if (json::print(message, /*always_print_primitive_fields=*/true, out)) return out;
  pbu::JsonPrintOptions options;
  options.always_print_primitive_fields = true;
  (void)pbu::MessageToJsonString(message, &out, options);
  return out;
}

namespace {

std::uint64_t peek_binary_request_id(std::string_view frame) {
  using google::protobuf::internal::WireFormatLite;
  google::protobuf::io::CodedInputStream in(reinterpret_cast<const std::uint8_t*>(frame.data()),
                                            static_cast<int>(frame.size()));
  // Fields are skipped, not read: cheap even for a large frame.
  while (const std::uint32_t tag = in.ReadTag()) {
    if (tag == WireFormatLite::MakeTag(v1::ClientMessage::kRequestIdFieldNumber, WireFormatLite::WIRETYPE_VARINT)) {
      std::uint64_t id = 0;
      return in.ReadVarint64(&id) ? id : 0;
    }
    if (!WireFormatLite::SkipField(&in, tag)) return 0;
  }
  return 0;
}

std::uint64_t peek_json_request_id(std::string_view frame) {
  for (std::string_view key : {std::string_view("\"requestId\""), std::string_view("\"request_id\"")}) {
    for (std::size_t at = frame.find(key); at != std::string_view::npos; at = frame.find(key, at + 1)) {
      if (at > 0 && frame[at - 1] == '\\') continue;  // inside a string
      std::size_t i = at + key.size();
      auto skip_space = [&] {
        while (i < frame.size() && std::isspace(static_cast<unsigned char>(frame[i]))) ++i;
      };
      skip_space();
      if (i >= frame.size() || frame[i] != ':') continue;
      ++i;
      skip_space();
      if (i < frame.size() && frame[i] == '"') ++i;  // 64-bit integers are strings in proto JSON
      std::uint64_t id = 0;
      int digits = 0;
      for (; i < frame.size() && std::isdigit(static_cast<unsigned char>(frame[i])) && digits < 20; ++i, ++digits) {
        id = id * 10 + static_cast<std::uint64_t>(frame[i] - '0');
      }
      return digits > 0 ? id : 0;
    }
  }
  return 0;
}

}  // namespace

std::uint64_t peek_request_id(std::string_view frame, Encoding encoding) {
  return encoding == Encoding::kBinary ? peek_binary_request_id(frame) : peek_json_request_id(frame);
}

std::string encode_client_message(const v1::ClientMessage& message, Encoding encoding) {
  std::string out;
  if (encoding == Encoding::kBinary) {
    message.SerializeToString(&out);
  } else if (!json::print(message, /*always_print_primitive_fields=*/false, out)) {
    (void)pbu::MessageToJsonString(message, &out);
  }
  return out;
}

bool decode_server_message(std::string_view frame, Encoding encoding, v1::ServerMessage& out) {
  if (encoding == Encoding::kBinary) return out.ParseFromArray(frame.data(), static_cast<int>(frame.size()));
  if (json::parse_fast(frame, out)) return true;
  out.Clear();
  pbu::JsonParseOptions options;
  options.ignore_unknown_fields = true;
  return pbu::JsonStringToMessage(std::string(frame), &out, options).ok();
}

}  // namespace brethren::server

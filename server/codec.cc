#include "server/codec.h"

#include <google/protobuf/util/json_util.h>

namespace brethren::server {

namespace pbu = google::protobuf::util;

bool decode_client_message(std::string_view frame, Encoding encoding, v1::ClientMessage& out, std::string& error) {
  if (encoding == Encoding::kBinary) {
    if (out.ParseFromArray(frame.data(), static_cast<int>(frame.size()))) return true;
    error = "binary frame is not a valid brethren.v1.ClientMessage";
    return false;
  }
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
  pbu::JsonPrintOptions options;
  options.always_print_primitive_fields = true;  // seat 0, false, empty lists: spelled out for humans
  (void)pbu::MessageToJsonString(message, &out, options);
  return out;
}

std::string encode_client_message(const v1::ClientMessage& message, Encoding encoding) {
  std::string out;
  if (encoding == Encoding::kBinary) {
    message.SerializeToString(&out);
  } else {
    (void)pbu::MessageToJsonString(message, &out);
  }
  return out;
}

bool decode_server_message(std::string_view frame, Encoding encoding, v1::ServerMessage& out) {
  if (encoding == Encoding::kBinary) return out.ParseFromArray(frame.data(), static_cast<int>(frame.size()));
  pbu::JsonParseOptions options;
  options.ignore_unknown_fields = true;
  return pbu::JsonStringToMessage(std::string(frame), &out, options).ok();
}

}  // namespace brethren::server

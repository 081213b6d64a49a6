// The server's per-recipient cost of one move: building a seat's MatchUpdate
// (view + new events) and encoding it as a frame, binary and JSON.
#include <benchmark/benchmark.h>
#include <google/protobuf/util/json_util.h>
#include <google/protobuf/util/type_resolver_util.h>

#include "rules/registry/all_games.h"
#include "server/protocol/codec.h"
#include "server/match/match_feed.h"

namespace {

using namespace brethren;

// A match of `game_id` part-way through: `moves` seeded random moves.
std::unique_ptr<rules::State> mid_game(const char* game_id, int seats, int moves) {
  static const rules::GameRegistry registry = rules::make_all_games_registry();
  auto state = std::move(registry.find(game_id)->new_match(rules::MatchSetup{{}, seats, 42})).value();
  rules::Rng rng(7);
  std::vector<rules::ActionId> legal;
  for (int i = 0; i < moves && !state->is_terminal(); ++i) {
    const auto acting = state->acting_seats();
    const rules::Seat seat = acting[rng.below(static_cast<std::uint32_t>(acting.size()))];
    state->legal_actions(seat, legal);
    auto next = state->clone();
    next->apply_legal(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    if (next->is_terminal()) break;
    state = std::move(next);
  }
  return state;
}

void view_only(benchmark::State& st, const char* game_id, int seats) {
  auto state = mid_game(game_id, seats, 12);
  int seat = 0;
  for (auto _ : st) {
    benchmark::DoNotOptimize(state->view(rules::Viewer::player(seat)));
    seat = (seat + 1) % seats;
  }
  st.SetItemsProcessed(st.iterations());
}

// What broadcast_match does per seat after a move: the events of the last
// move and the view, wrapped in a ServerMessage and encoded.
void update_frame(benchmark::State& st, const char* game_id, int seats, server::Encoding encoding) {
  auto state = mid_game(game_id, seats, 12);
  const std::uint64_t after = state->version() > 2 ? state->version() - 2 : 0;
  int seat = 0;
  std::size_t bytes = 0;
  for (auto _ : st) {
    v1::ServerMessage m;
    *m.mutable_match_update() = server::build_match_update("ABCDEFGHJ", *state, seat, after, 1000);
    const std::string frame = server::encode_server_message(m, encoding);
    bytes += frame.size();
    benchmark::DoNotOptimize(frame.data());
    seat = (seat + 1) % seats;
  }
  st.SetItemsProcessed(st.iterations());
  st.counters["bytes_per_frame"] = static_cast<double>(bytes) / static_cast<double>(st.iterations());
}

// The JSON encodings protobuf 3.21 offers, for comparison with the server's
// own printer (server/protocol/codec_json.h), on the same MatchUpdate frames: what the
// server used before (MessageToJsonString), and BinaryToJsonString with a
// TypeResolver built once and a reused output string.
enum class ProtobufJson { kMessageToJsonString, kCachedResolver };

void update_frame_protobuf_json(benchmark::State& st, const char* game_id, int seats, ProtobufJson how) {
  namespace pbu = google::protobuf::util;
  auto state = mid_game(game_id, seats, 12);
  const std::uint64_t after = state->version() > 2 ? state->version() - 2 : 0;
  static const std::unique_ptr<pbu::TypeResolver> resolver(
      pbu::NewTypeResolverForDescriptorPool("type.googleapis.com", google::protobuf::DescriptorPool::generated_pool()));
  const std::string type_url = "type.googleapis.com/" + v1::ServerMessage::descriptor()->full_name();
  pbu::JsonPrintOptions options;
  options.always_print_primitive_fields = true;
  int seat = 0;
  std::size_t bytes = 0;
  std::string frame, binary;
  for (auto _ : st) {
    v1::ServerMessage m;
    *m.mutable_match_update() = server::build_match_update("ABCDEFGHJ", *state, seat, after, 1000);
    frame.clear();
    if (how == ProtobufJson::kMessageToJsonString) {
      (void)pbu::MessageToJsonString(m, &frame, options);
    } else {
      m.SerializeToString(&binary);
      (void)pbu::BinaryToJsonString(resolver.get(), type_url, binary, &frame, options);
    }
    bytes += frame.size();
    benchmark::DoNotOptimize(frame.data());
    seat = (seat + 1) % seats;
  }
  st.SetItemsProcessed(st.iterations());
  st.counters["bytes_per_frame"] = static_cast<double>(bytes) / static_cast<double>(st.iterations());
}

// The frame a client sends most: submitAction with a legal Letter of Marque
// move, decoded as the server does (binary, JSON; and protobuf's own JSON
// parser for comparison).
enum class ClientDecode { kBinary, kJson, kJsonProtobuf };

void client_decode(benchmark::State& st, ClientDecode how) {
  auto state = mid_game("letter-of-marque", 4, 12);
  const int seat = state->acting_seats()[0];
  const v1::MatchUpdate update = server::build_match_update("ABCDEFGHJ", *state, seat, 0, 1000);
  v1::ClientMessage message;
  message.set_request_id(123456);
  message.mutable_submit_action()->set_room_code("ABCDEFGHJ");
  *message.mutable_submit_action()->mutable_action() = update.view().legal_actions(0);
  const auto encoding = how == ClientDecode::kBinary ? server::Encoding::kBinary : server::Encoding::kJson;
  const std::string frame = server::encode_client_message(message, encoding);
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = true;
  std::string error;
  for (auto _ : st) {
    v1::ClientMessage m;
    bool ok;
    if (how == ClientDecode::kJsonProtobuf) {
      ok = google::protobuf::util::JsonStringToMessage(frame, &m, options).ok();
    } else {
      ok = server::decode_client_message(frame, encoding, m, error);
    }
    if (!ok) st.SkipWithError("frame did not decode");
    benchmark::DoNotOptimize(m.request_id());
  }
  st.SetItemsProcessed(st.iterations());
  st.counters["bytes_per_frame"] = static_cast<double>(frame.size());
}

BENCHMARK_CAPTURE(view_only, letter_of_marque_4, "letter-of-marque", 4);
BENCHMARK_CAPTURE(view_only, port_royal_pfister_4, "port-royal-pfister", 4);
BENCHMARK_CAPTURE(view_only, port_royal_panning_4, "port-royal-panning", 4);
BENCHMARK_CAPTURE(view_only, tortuga_1667_4, "tortuga-1667", 4);
BENCHMARK_CAPTURE(update_frame, letter_of_marque_4_binary, "letter-of-marque", 4, server::Encoding::kBinary);
BENCHMARK_CAPTURE(update_frame, letter_of_marque_4_json, "letter-of-marque", 4, server::Encoding::kJson);
BENCHMARK_CAPTURE(update_frame_protobuf_json, letter_of_marque_4_json_protobuf, "letter-of-marque", 4,
                  ProtobufJson::kMessageToJsonString);
BENCHMARK_CAPTURE(update_frame_protobuf_json, letter_of_marque_4_json_cached_resolver, "letter-of-marque", 4,
                  ProtobufJson::kCachedResolver);
BENCHMARK_CAPTURE(update_frame, port_royal_pfister_4_binary, "port-royal-pfister", 4, server::Encoding::kBinary);
BENCHMARK_CAPTURE(update_frame, port_royal_pfister_4_json, "port-royal-pfister", 4, server::Encoding::kJson);
BENCHMARK_CAPTURE(update_frame, port_royal_panning_4_binary, "port-royal-panning", 4, server::Encoding::kBinary);
BENCHMARK_CAPTURE(update_frame, port_royal_panning_4_json, "port-royal-panning", 4, server::Encoding::kJson);
BENCHMARK_CAPTURE(update_frame, tortuga_1667_4_binary, "tortuga-1667", 4, server::Encoding::kBinary);
BENCHMARK_CAPTURE(update_frame, tortuga_1667_4_json, "tortuga-1667", 4, server::Encoding::kJson);
BENCHMARK_CAPTURE(client_decode, submit_action_binary, ClientDecode::kBinary);
BENCHMARK_CAPTURE(client_decode, submit_action_json, ClientDecode::kJson);
BENCHMARK_CAPTURE(client_decode, submit_action_json_protobuf, ClientDecode::kJsonProtobuf);

}  // namespace

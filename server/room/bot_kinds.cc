#include "server/room/bot_kinds.h"

#include "server/room/user_text.h"

namespace brethren::server {

std::vector<OfferedBotKind> offered_bot_kinds(const Services& services, std::string_view game) {
  std::vector<OfferedBotKind> out;
  if (services.bot_kinds) {
    for (std::string_view kind : services.bot_kinds(game)) out.push_back(OfferedBotKind{std::string(kind), 0, false});
  }
  if (services.search_bot_kinds && services.make_search_bot) {
    for (std::string_view kind : services.search_bot_kinds()) {
      auto bot = services.make_search_bot(game, kind, 0);
      if (!bot) continue;
      const auto budget = services.bot_pool ? services.bot_pool->deadline_for(bot->time_budget()) : bot->time_budget();
      out.push_back(OfferedBotKind{std::string(kind), static_cast<std::uint32_t>(budget.count()), true});
    }
  }
  return out;
}

std::string strongest_bot_kind(const Services& services, std::string_view game) {
  auto kinds = offered_bot_kinds(services, game);
  return kinds.empty() ? std::string() : std::move(kinds.back().kind);
}

std::string strongest_quick_bot_kind(const Services& services, std::string_view game) {
  if (!services.bot_kinds) return {};
  const auto kinds = services.bot_kinds(game);
  return kinds.empty() ? std::string() : std::string(kinds.back());
}

bool offers_bot_kind(const Services& services, std::string_view game, std::string_view kind) {
  for (const auto& offered : offered_bot_kinds(services, game)) {
    if (offered.kind == kind) return true;
  }
  return false;
}

std::string bot_kinds_text(const Services& services, std::string_view game) {
  std::string text = "its bots are ";
  const auto kinds = offered_bot_kinds(services, game);
  for (std::size_t i = 0; i < kinds.size(); ++i) text += (i == 0 ? "" : ", ") + kinds[i].kind;
  return text;
}

std::optional<std::string> autopilot_bot_problem(const Services& services, std::string_view game,
                                                 const std::string& kind) {
  if (kind.empty() || offers_bot_kind(services, game, kind)) return std::nullopt;
  return "settings.autopilot_bot: no '" + escape_user_text(kind) + "' bot for " + std::string(game) + "; " +
         bot_kinds_text(services, game);
}

}  // namespace brethren::server

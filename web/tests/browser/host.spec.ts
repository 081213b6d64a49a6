// A host who reloads his room page (not seated: only his host token brings
// him back) claims the room again under his own name, and the others see
// him come back in their member lists (ClaimHost.displayName).
import { test, expect } from "@playwright/test";
import { person, withServer, expectNoErrors } from "./helpers";

test("a host who reloads comes back under his own name in everyone's member list", async ({ browser }) => {
  const anne = await person(browser, "Anne");
  const bart = await person(browser, "Bart");
  await anne.page.goto(withServer("/"));
  await anne.page.getByTestId("name").fill("Anne");
  await anne.page.getByTestId("create").click();
  await expect(anne.page.getByTestId("room")).toBeVisible();
  // The host sits down on creating; he stands up (only his host token will bring him back).
  await expect(anne.page.getByTestId("seat-0")).toContainText("Anne");
  await anne.page.getByTestId("leave-seat").click();
  await expect(anne.page.getByTestId("take-seat-0")).toBeVisible();
  const link = new URL(await anne.page.getByTestId("share-link").inputValue());
  await bart.page.goto(link.pathname + link.search);
  await bart.page.getByTestId("join-name").fill("Bart");
  await bart.page.getByTestId("join-room").click();
  await expect(bart.page.getByTestId("room")).toBeVisible();

  // The host's entry is the one with the star.
  const hostInBartsList = bart.page.locator("[data-testid^=member-]", { hasText: "★" });
  await expect(hostInBartsList).toHaveCount(1);
  await expect(hostInBartsList).toContainText(/^Anne/);

  await anne.page.reload();
  await expect(anne.page.getByTestId("room")).toBeVisible();
  const anneInHerList = anne.page.locator("[data-testid^=member-]", { hasText: "★" });
  await expect(anneInHerList).toHaveCount(1);
  await expect(anneInHerList).toContainText(/^Anne/);
  // Bart's list follows without his doing anything.
  await expect(hostInBartsList).toHaveCount(1);
  await expect(hostInBartsList).toContainText(/^Anne/);
  expectNoErrors([anne, bart]);
});

using System.Text.Json.Nodes;
using Sorcha.Blueprint.Engine.Execution;

namespace Sorcha.Blueprint.Engine.Tests.Execution;

public class BlueprintValidatorTests
{
    [Fact]
    public void Validate_minimal_blueprint_has_no_problems() =>
        Assert.Empty(BlueprintValidator.Validate(TestBlueprints.Minimal()));

    public static TheoryData<string, Action<JsonObject>, string> SingleProblems => new()
    {
        { "fewer than 2 participants", j => OnlyAlice(j, keepKey: true), "/participants" },
        { "duplicate participant id", j => j["participants"]!.AsArray().Add(TestJson.Parse("""{"id":"bob","name":"Bob 2"}""")), "/participants/2/id" },
        { "empty participant id", j => j["participants"]!.AsArray().Add(TestJson.Parse("""{"id":"","name":"Nobody"}""")), "/participants/2/id" },
        { "unknown sender", j => j["actions"]![0]!["sender"] = "carol", "/actions/0/sender" },
        { "missing dataSchema", j => j["actions"]![1]!.AsObject().Remove("dataSchema"), "/actions/1/dataSchema" },
        { "invalid dataSchema", j => j["actions"]![0]!["dataSchema"]!["type"] = 5, "/actions/0/dataSchema/type" },
        { "invalid regex in dataSchema", j => j["actions"]![0]!["dataSchema"]!["pattern"] = "([", "/actions/0/dataSchema/pattern" },
        { "unknown calculation operator", j => j["actions"]![0]!["calculations"]!["double"] = TestJson.Parse("""{"times":[1,2]}"""), "/actions/0/calculations/double" },
        { "calculation arity", j => j["actions"]![0]!["calculations"]!["double"] = TestJson.Parse("""{"%":[1]}"""), "/actions/0/calculations/double/%" },
        { "invalid route condition", j => j["actions"]![0]!["routes"]![0]!["condition"] = TestJson.Parse("""{"==":[1]}"""), "/actions/0/routes/0/condition/==" },
        { "route to unknown action", j => j["actions"]![0]!["routes"]![1]!["next"] = "nowhere", "/actions/0/routes/1/next" },
        { "disclosure to unknown participant", j => j["actions"]![0]!["disclosures"]![0]!["participant"] = "eve", "/actions/0/disclosures/0/participant" },
        { "invalid disclosure pointer", j => j["actions"]![0]!["disclosures"]![0]!["pointers"] = new JsonArray("amount"), "/actions/0/disclosures/0/pointers/0" },
        { "bad escape in disclosure pointer", j => j["actions"]![0]!["disclosures"]![0]!["pointers"] = new JsonArray("/*", "/a~2b"), "/actions/0/disclosures/0/pointers/1" },
        { "disclosure without pointers", j => j["actions"]![0]!["disclosures"]![0]!["pointers"] = new JsonArray(), "/actions/0/disclosures/0/pointers" },
        { "unreachable action", j => j["actions"]!.AsArray().Add(TestJson.Parse("""{"id":"orphan","title":"O","sender":"bob","dataSchema":true}""")), "/actions/2" },
        { "rejection to unknown action", j => j["actions"]![1]!["rejection"] = TestJson.Parse("""{"next":"nowhere"}"""), "/actions/1/rejection/next" },
    };

    [Theory]
    [MemberData(nameof(SingleProblems))]
    public void Validate_one_problem_is_reported_alone(string because, Action<JsonObject> breakIt, string expectedPointer)
    {
        var json = TestBlueprints.MinimalJson();
        breakIt(json);

        var problems = BlueprintValidator.Validate(TestBlueprints.ToBlueprint(json));

        var problem = Assert.Single(problems);
        Assert.True(problem.Pointer == expectedPointer, $"{because}: expected {expectedPointer} but got {problem.Pointer} ({problem.Message})");
    }

    [Fact]
    public void Validate_an_action_reached_only_by_a_rejection_is_reachable()
    {
        var json = TestBlueprints.MinimalJson();
        json["actions"]!.AsArray().Add(TestJson.Parse("""{"id":"redo","title":"R","sender":"alice","dataSchema":true}"""));
        Assert.Single(BlueprintValidator.Validate(TestBlueprints.ToBlueprint(json)), p => p.Pointer == "/actions/2");

        json["actions"]![1]!["rejection"] = TestJson.Parse("""{"next":"redo"}""");
        Assert.Empty(BlueprintValidator.Validate(TestBlueprints.ToBlueprint(json)));
    }

    [Fact]
    public void Validate_no_participants_at_all_is_reported()
    {
        var json = TestBlueprints.MinimalJson();
        OnlyAlice(json, keepKey: false);

        var problems = BlueprintValidator.Validate(TestBlueprints.ToBlueprint(json));

        Assert.Contains(problems, p => p.Pointer == "/participants" && p.Message.Contains("but has 0", StringComparison.Ordinal));
    }

    [Fact]
    public void Validate_no_actions_is_reported()
    {
        var json = TestBlueprints.MinimalJson();
        json["actions"] = new JsonArray();

        var problem = Assert.Single(BlueprintValidator.Validate(TestBlueprints.ToBlueprint(json)));

        Assert.Equal("/actions", problem.Pointer);
    }

    [Fact]
    public void Validate_duplicate_action_id_is_reported()
    {
        var json = TestBlueprints.MinimalJson();
        json["actions"]![1]!["id"] = "start";
        json["actions"]![0]!["routes"]![0]!["next"] = "start";

        var problems = BlueprintValidator.Validate(TestBlueprints.ToBlueprint(json));

        Assert.Contains(problems, p => p.Pointer == "/actions/1/id" && p.Message.Contains("duplicate", StringComparison.Ordinal));
    }

    [Fact]
    public void Validate_cycles_back_to_earlier_actions_are_allowed()
    {
        var json = TestBlueprints.MinimalJson();
        json["actions"]![1]!["routes"] = TestJson.Parse("""[{"condition":{"var":"again"},"next":"start"},{"next":null}]""");

        Assert.Empty(BlueprintValidator.Validate(TestBlueprints.ToBlueprint(json)));
    }

    [Fact]
    public void Validate_action_reachable_only_through_another_action_is_reachable()
    {
        var json = TestBlueprints.MinimalJson();
        json["actions"]![1]!["routes"] = TestJson.Parse("""[{"next":"third"}]""");
        json["actions"]!.AsArray().Add(TestJson.Parse("""{"id":"third","title":"3","sender":"alice","dataSchema":true}"""));

        Assert.Empty(BlueprintValidator.Validate(TestBlueprints.ToBlueprint(json)));
    }

    [Fact]
    public void Validate_every_problem_at_once_is_listed()
    {
        var json = TestBlueprints.MinimalJson();
        json["participants"]!.AsArray().RemoveAt(1);
        var start = json["actions"]![0]!;
        start["sender"] = "nobody";
        start["dataSchema"] = TestJson.Parse("""{"type":"wat","required":"x","minLength":-1}""");
        start["calculations"] = TestJson.Parse("""{"a":{"nope":1},"b":{"+":[{"bad":2},1]}}""");
        start["routes"] = TestJson.Parse("""[{"condition":{"<":[1]},"next":"missing"}]""");
        start["disclosures"] = TestJson.Parse("""[{"participant":"bob","pointers":["x","/ok"]}]""");
        json["actions"]!.AsArray().Add(TestJson.Parse("""{"id":"end","title":"dup","sender":"alice","dataSchema":true}"""));

        var pointers = BlueprintValidator.Validate(TestBlueprints.ToBlueprint(json)).Select(p => p.Pointer).ToHashSet();

        Assert.Equal(
            new HashSet<string>
            {
                "/participants", "/actions/2/id", "/actions/0/sender", "/actions/1/sender",
                "/actions/0/dataSchema/type", "/actions/0/dataSchema/required", "/actions/0/dataSchema/minLength",
                "/actions/0/calculations/a", "/actions/0/calculations/b/+/0",
                "/actions/0/routes/0/condition/<", "/actions/0/routes/0/next",
                "/actions/0/disclosures/0/participant", "/actions/0/disclosures/0/pointers/0",
                "/actions/1", "/actions/2",
            },
            pointers);
    }

    // Leaves a single participant (or none) while keeping every reference valid, so only the count is wrong.
    private static void OnlyAlice(JsonObject json, bool keepKey)
    {
        json["participants"]!.AsArray().RemoveAt(1);
        json["actions"]![1]!["sender"] = "alice";
        json["actions"]![0]!["disclosures"]![0]!["participant"] = "alice";
        if (!keepKey)
        {
            json.Remove("participants");
        }
    }
}

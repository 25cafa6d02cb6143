using Sorcha.Blueprint.Engine.Execution;

namespace Sorcha.Blueprint.Engine.Tests.Execution;

public class CompiledActionCacheTests
{
    [Fact]
    public void Get_or_compile_same_blueprint_version_and_action_returns_the_same_compiled_action()
    {
        var cache = new CompiledActionCache();
        var blueprint = TestBlueprints.Minimal();

        var first = cache.GetOrCompile(blueprint, blueprint.Actions[0]);
        var second = cache.GetOrCompile(TestBlueprints.Minimal(), TestBlueprints.Minimal().Actions[0]);

        Assert.Same(first, second);
        Assert.Equal(1, cache.Count);
    }

    [Fact]
    public void Get_or_compile_new_version_compiles_again()
    {
        var cache = new CompiledActionCache();
        var v1 = TestBlueprints.Minimal();
        var v2 = v1 with { Version = 2 };

        Assert.NotSame(cache.GetOrCompile(v1, v1.Actions[0]), cache.GetOrCompile(v2, v2.Actions[0]));
        Assert.Equal(2, cache.Count);
    }

    [Fact]
    public void Invalidate_drops_every_version_of_that_blueprint_only()
    {
        var cache = new CompiledActionCache();
        var v1 = TestBlueprints.Minimal();
        var v2 = v1 with { Version = 2 };
        var other = v1 with { Id = "other" };
        cache.GetOrCompile(v1, v1.Actions[0]);
        cache.GetOrCompile(v2, v2.Actions[1]);
        cache.GetOrCompile(other, other.Actions[0]);

        cache.Invalidate(v1.Id);

        Assert.Equal(1, cache.Count);
    }

    [Fact]
    public void Get_or_compile_beyond_capacity_stays_bounded()
    {
        var cache = new CompiledActionCache(capacity: 4);
        var blueprint = TestBlueprints.Minimal();

        for (var version = 0; version < 20; version++)
        {
            var next = blueprint with { Version = version };
            cache.GetOrCompile(next, next.Actions[0]);
        }

        Assert.InRange(cache.Count, 1, 4);
    }

    [Fact]
    public void Get_or_compile_uncompilable_action_throws_with_problems_and_caches_nothing()
    {
        var cache = new CompiledActionCache();
        var (blueprint, action) = TestBlueprints.SingleAction("""
            {"id":"start","title":"S","sender":"alice","dataSchema":{"type":5},
             "calculations":{"x":{"nope":1}},"routes":[{"next":"ghost"}],"disclosures":[{"participant":"bob","pointers":["bad"]}]}
            """);

        var ex = Assert.Throws<InvalidBlueprintException>(() => cache.GetOrCompile(blueprint, action));

        Assert.Equal(
            ["/actions/0/calculations/x", "/actions/0/dataSchema/type", "/actions/0/disclosures/0/pointers/0", "/actions/0/routes/0/next"],
            ex.Problems.Select(p => p.Pointer).Order(StringComparer.Ordinal).ToArray());
        Assert.Equal(0, cache.Count);
    }

    [Fact]
    public void Get_or_compile_concurrent_callers_share_one_entry()
    {
        var cache = new CompiledActionCache();
        var blueprint = TestBlueprints.Minimal();

        var compiled = Enumerable.Range(0, 64).AsParallel().Select(_ => cache.GetOrCompile(blueprint, blueprint.Actions[0])).ToArray();

        Assert.Equal(1, cache.Count);
        Assert.All(compiled, c => Assert.Equal("start", c.ActionId));
    }
}

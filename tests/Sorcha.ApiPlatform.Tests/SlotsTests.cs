using Sorcha.ApiPlatform.Limits;

namespace Sorcha.ApiPlatform.Tests;

/// <summary>The per-caller and process-wide bounds on expensive work (docs/limits.md, "Fan-out"): pure, no platform.</summary>
public sealed class SlotsTests
{
    [Fact]
    public void A_caller_gets_its_share_and_no_more_while_others_get_theirs()
    {
        var slots = new CallerSlots(1);
        var first = slots.TryEnter("alice");
        Assert.NotNull(first);
        Assert.Null(slots.TryEnter("alice"));
        using (var other = slots.TryEnter("bob"))
        {
            Assert.NotNull(other);
        }

        first.Dispose();
        first.Dispose(); // a second dispose frees nothing more
        using var again = slots.TryEnter("alice");
        Assert.NotNull(again);
        Assert.Null(slots.TryEnter("alice"));
    }

    [Fact]
    public async Task Work_beyond_the_slots_waits_its_turn_or_gives_up_after_the_queue_time()
    {
        using var slots = new WorkSlots(1, TimeSpan.FromMilliseconds(200));
        var running = await slots.TryEnterAsync(CancellationToken.None);
        Assert.NotNull(running);

        Assert.Null(await slots.TryEnterAsync(CancellationToken.None));

        var waiting = slots.TryEnterAsync(CancellationToken.None);
        running.Dispose();
        using var next = await waiting;
        Assert.NotNull(next);
    }

    [Fact]
    public async Task A_caller_waiting_for_a_slot_can_go_away()
    {
        using var slots = new WorkSlots(1, TimeSpan.FromMinutes(1));
        using var running = await slots.TryEnterAsync(CancellationToken.None);
        using var gone = new CancellationTokenSource(TimeSpan.FromMilliseconds(50));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => slots.TryEnterAsync(gone.Token));
    }
}

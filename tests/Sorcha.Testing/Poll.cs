namespace Sorcha.Testing;

/// <summary>Waiting for something another thread or process brings about, bounded so that a test never hangs.</summary>
public static class Poll
{
    /// <returns>Whether <paramref name="condition"/> held within <paramref name="patience"/> (checked every 10 ms).</returns>
    public static async Task<bool> UntilAsync(Func<bool> condition, TimeSpan patience)
    {
        var deadline = DateTime.UtcNow + patience;
        while (!condition())
        {
            if (DateTime.UtcNow > deadline)
            {
                return false;
            }

            await Task.Delay(10);
        }

        return true;
    }

    /// <returns>Whether <paramref name="condition"/>, which asks a store or a service, held within <paramref name="patience"/>.</returns>
    public static async Task<bool> UntilAsync(Func<Task<bool>> condition, TimeSpan patience)
    {
        var deadline = DateTime.UtcNow + patience;
        while (!await condition())
        {
            if (DateTime.UtcNow > deadline)
            {
                return false;
            }

            await Task.Delay(10);
        }

        return true;
    }
}

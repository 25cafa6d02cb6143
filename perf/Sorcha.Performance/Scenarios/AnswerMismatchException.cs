namespace Sorcha.Performance.Scenarios;

/// <summary>
/// A 2xx answer that did not check out. Thrown rather than returning false so the run's error table says which
/// check failed (the engine records the message); it only costs anything when a request fails.
/// </summary>
public sealed class AnswerMismatchException : Exception
{
    public AnswerMismatchException()
    {
    }

    public AnswerMismatchException(string message)
        : base(message)
    {
    }

    public AnswerMismatchException(string message, Exception innerException)
        : base(message, innerException)
    {
    }

    /// <summary>True when <paramref name="condition"/> holds; otherwise throws with <paramref name="failure"/>.</summary>
    public static bool Expect(bool condition, string failure) => condition ? true : throw new AnswerMismatchException(failure);
}
